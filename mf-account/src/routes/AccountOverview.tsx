import { ComingSoon } from '@stitchhouse/shared';

/** /account: built by a later issue; until then a plainly labelled placeholder. */
export default function AccountOverview() {
  return <ComingSoon path="/account" />;
}
