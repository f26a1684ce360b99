import { ComingSoon } from '@stitchhouse/shared';

/** /account/user: built by a later issue; until then a plainly labelled placeholder. */
export default function AccountUser() {
  return <ComingSoon path="/account/user" />;
}
