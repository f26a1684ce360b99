import { ComingSoon } from '@stitchhouse/shared';

/** /account/store: built by a later issue; until then a plainly labelled placeholder. */
export default function AccountStore() {
  return <ComingSoon path="/account/store" />;
}
