import { ComingSoon } from '@stitchhouse/shared';

/** /patterns/:productId: built by a later issue; until then a plainly labelled placeholder. */
export default function PatternDetail() {
  return <ComingSoon path="/patterns/:productId" />;
}
