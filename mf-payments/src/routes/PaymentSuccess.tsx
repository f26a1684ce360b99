import { ComingSoon } from '@stitchhouse/shared';

/** /payment/success: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentSuccess() {
  return <ComingSoon path="/payment/success" />;
}
