import { ComingSoon } from '@stitchhouse/shared';

/** /payment/send: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentSend() {
  return <ComingSoon path="/payment/send" />;
}
