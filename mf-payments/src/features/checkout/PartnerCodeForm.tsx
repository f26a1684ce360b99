import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const { partnerForm: form, partnerApplied: applied, partnerCode } = codes;
  const pending = !!partnerCode && partnerCode !== applied;
  const hint = applied
    ? i18n._('payments.partner.applied', { code: applied })
    : pending
      ? i18n._('payments.partner.checking')
      : i18n._('payments.partner.hint');
  // folded away by default: most buyers have none, and the store's discount code stays the obvious field
  return (
    <details className={styles.partnerCode}>
      <summary>{i18n._('payments.partner.summary')}</summary>
      <form
        className={styles.codeRow}
        onSubmit={form.onSubmit(async (entry) => codes.applyPartnerCode(entry.code))}
        noValidate
        aria-label={i18n._('payments.partner.form')}
      >
        <TextField label={i18n._('payments.partner.label')} autoComplete="off" {...form.field('code')} hint={hint} />
        <Button type="submit" variant="secondary">
          {i18n._('payments.partner.apply')}
        </Button>
        {applied ? (
          <Button variant="ghost" onClick={codes.removePartnerCode}>
            {i18n._('payments.partner.remove')}
          </Button>
        ) : null}
      </form>
    </details>
  );
}
