import { ComingSoon } from '@stitchhouse/shared';

/** /partners: built by a later issue; until then a plainly labelled placeholder. */
export default function Partners() {
  return <ComingSoon path="/partners" />;
}
