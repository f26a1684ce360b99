import { ComingSoon } from '@stitchhouse/shared';

/** /payment/receive: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentReceive() {
  return <ComingSoon path="/payment/receive" />;
}
