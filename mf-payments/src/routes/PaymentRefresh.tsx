import { ComingSoon } from '@stitchhouse/shared';

/** /payment/refresh: built by a later issue; until then a plainly labelled placeholder. */
export default function PaymentRefresh() {
  return <ComingSoon path="/payment/refresh" />;
}
