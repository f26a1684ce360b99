import { ComingSoon } from '@stitchhouse/shared';

/** /sign-in/thank-you: built by a later issue; until then a plainly labelled placeholder. */
export default function SignInThankYou() {
  return <ComingSoon path="/sign-in/thank-you" />;
}
