import { ComingSoon } from '@stitchhouse/shared';

/** /sign-up/error: built by a later issue; until then a plainly labelled placeholder. */
export default function SignUpError() {
  return <ComingSoon path="/sign-up/error" />;
}
