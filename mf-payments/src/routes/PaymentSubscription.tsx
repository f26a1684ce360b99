import { ComingSoon } from '@stitchhouse/shared';

/** /payment/subscription: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentSubscription() {
  return <ComingSoon path="/payment/subscription" />;
}
