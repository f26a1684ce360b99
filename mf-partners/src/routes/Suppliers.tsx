import { ComingSoon } from '@stitchhouse/shared';

/** /partners/suppliers: built by a later issue; until then a plainly labelled placeholder. */
export default function Suppliers() {
  return <ComingSoon path="/partners/suppliers" />;
}
