import { ComingSoon } from '@stitchhouse/shared';

/** /patterns/:productId/edit: built by a later issue; until then a plainly labelled placeholder. */
export default function PatternEdit() {
  return <ComingSoon path="/patterns/:productId/edit" />;
}
