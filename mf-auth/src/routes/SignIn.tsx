import { ComingSoon } from '@stitchhouse/shared';

/** /sign-in: built by a later issue; until then a plainly labelled placeholder. */
export default function SignIn() {
  return <ComingSoon path="/sign-in" />;
}
