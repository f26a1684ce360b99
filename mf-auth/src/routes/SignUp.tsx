import { ComingSoon } from '@stitchhouse/shared';

/** /sign-up: built by a later issue; until then a plainly labelled placeholder. */
export default function SignUp() {
  return <ComingSoon path="/sign-up" />;
}
