import { ComingSoon } from '@stitchhouse/shared';

/** /account/wholesale: built by a later issue; until then a plainly labelled placeholder. */
export default function AccountWholesale() {
  return <ComingSoon path="/account/wholesale" />;
}
