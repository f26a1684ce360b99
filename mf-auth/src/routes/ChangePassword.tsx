import { ComingSoon } from '@stitchhouse/shared';

/** /change-password: built by a later issue; until then a plainly labelled placeholder. */
export default function ChangePassword() {
  return <ComingSoon path="/change-password" />;
}
