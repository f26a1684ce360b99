import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import type { CheckoutCodes } from './useCheckoutCodes.ts';
import * as styles from './Checkout.module.css';

/** The store's discount code: checked as typed, then sent with the quote, which may refuse it. */
export function DiscountCodeForm({ codes }: { codes: CheckoutCodes }) {
  const { discountForm: form, code } = codes;
  return (
    <form className={styles.codeRow} onSubmit={form.onSubmit(async (entry) => codes.applyCode(entry.code))} noValidate>
      <TextField
        label="Discount code"
        autoComplete="off"
        {...form.field('code')}
        hint={code ? `Code ${code} applied.` : 'Codes come from the store; one code per checkout.'}
      />
      <Button type="submit" variant="secondary">
        Apply
      </Button>
      {code ? (
        <Button variant="ghost" onClick={codes.removeCode}>
          Remove the code
        </Button>
      ) : null}
    </form>
  );
}
