import { ComingSoon } from '@stitchhouse/shared';

/** /sign-in-magic: built by a later issue; until then a plainly labelled placeholder. */
export default function SignInMagic() {
  return <ComingSoon path="/sign-in-magic" />;
}
