import { useLingui } from '@lingui/react';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import type { CheckoutCodes } from './useCheckoutCodes.ts';
import * as styles from './Checkout.module.css';

/** The store's discount code: checked as typed, then sent with the quote, which may refuse it. */
export function DiscountCodeForm({ codes }: { codes: CheckoutCodes }) {
  const { i18n } = useLingui();
  const { discountForm: form, code } = codes;
  return (
    <form className={styles.codeRow} onSubmit={form.onSubmit(async (entry) => codes.applyCode(entry.code))} noValidate>
      <TextField
        label={i18n._('payments.code.label')}
        autoComplete="off"
        {...form.field('code')}
        hint={code ? i18n._('payments.code.applied', { code }) : i18n._('payments.code.hint')}
      />
      <Button type="submit" variant="secondary">
        {i18n._('payments.code.apply')}
      </Button>
      {code ? (
        <Button variant="ghost" onClick={codes.removeCode}>
          {i18n._('payments.code.remove')}
        </Button>
      ) : null}
    </form>
  );
}
