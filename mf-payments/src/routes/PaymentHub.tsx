import { ComingSoon } from '@stitchhouse/shared';

/** /payment: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentHub() {
  return <ComingSoon path="/payment" />;
}
