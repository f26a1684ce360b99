import { ComingSoon } from '@stitchhouse/shared';

/** /sign-up/thank-you: built by a later issue; until then a plainly labelled placeholder. */
export default function SignUpThankYou() {
  return <ComingSoon path="/sign-up/thank-you" />;
}
