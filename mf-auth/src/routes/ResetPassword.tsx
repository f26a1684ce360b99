import { ComingSoon } from '@stitchhouse/shared';

/** /reset-password: built by a later issue; until then a plainly labelled placeholder. */
export default function ResetPassword() {
  return <ComingSoon path="/reset-password" />;
}
