import { ComingSoon } from '@stitchhouse/shared';

/** /point-of-sale-integration: built by a later issue; until then a plainly labelled placeholder. */
export default function PointOfSale() {
  return <ComingSoon path="/point-of-sale-integration" />;
}
