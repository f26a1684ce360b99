import { ComingSoon } from '@stitchhouse/shared';

/** /payment/error: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentError() {
  return <ComingSoon path="/payment/error" />;
}
