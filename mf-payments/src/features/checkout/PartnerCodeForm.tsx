import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import type { CheckoutCodes } from './useCheckoutCodes.ts';
import * as styles from './Checkout.module.css';

/**
 * A reseller's code, typed by the buyer. Its own field, apart from the store's discount code: one
 * lowers the price, the other credits a partner and never changes it, and a buyer may have both.
 * The code the server's quote accepted shows in the hint; a refusal shows on the field and the
 * typed text stays so it can be corrected.
 */
export function PartnerCodeForm({ codes }: { codes: CheckoutCodes }) {
  const { partnerForm: form, partnerApplied: applied, partnerCode } = codes;
  const pending = !!partnerCode && partnerCode !== applied;
  const hint = applied
    ? `Partner code ${applied} applied: this partner is credited for your purchase. Your price stays the same.`
    : pending
      ? 'Checking the partner code…'
      : 'Optional. If a Stitchhouse partner gave you a code, enter it to credit them; your price stays the same.';
  // folded away by default: most buyers have none, and the store's discount code stays the obvious field
  return (
    <details className={styles.partnerCode}>
      <summary>Have a partner code?</summary>
      <form className={styles.codeRow} onSubmit={form.onSubmit(async (entry) => codes.applyPartnerCode(entry.code))} noValidate aria-label="Partner code">
        <TextField label="Partner code (optional)" autoComplete="off" {...form.field('code')} hint={hint} />
        <Button type="submit" variant="secondary">
          Apply partner code
        </Button>
        {applied ? (
          <Button variant="ghost" onClick={codes.removePartnerCode}>
            Remove the partner code
          </Button>
        ) : null}
      </form>
    </details>
  );
}
