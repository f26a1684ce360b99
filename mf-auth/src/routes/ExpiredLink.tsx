import { ComingSoon } from '@stitchhouse/shared';

/** /expired-link: built by a later issue; until then a plainly labelled placeholder. */
export default function ExpiredLink() {
  return <ComingSoon path="/expired-link" />;
}
