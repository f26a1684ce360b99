import { href } from '@stitchhouse/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { MAX_PRINT_QUANTITY, pageCart, useCart } from '@stitchhouse/shared/cart/index.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import type { PatternDetail } from '../../api/detail.ts';
import * as styles from './PatternActions.module.css';

// the number as typed; the cart checks the minimum and the maximum when the line goes in
// (the message is an id, read in the page's language when the form shows it)
const copiesSchema = z.object({ quantity: z.string().refine((typed) => /^\d+$/.test(typed.trim()), /*i18n*/ 'catalog.detail.wholesale.wholeNumber') });

/** Approved wholesale accounts: a print licence for N copies goes in the cart as its own line. */
export function WholesaleOrder({ pattern, price }: { pattern: PatternDetail; price: { priceCents: number; currency: Currency; minQuantity: number } }) {
  const { i18n } = useLingui();
  const form = useZodForm(copiesSchema, { quantity: String(price.minQuantity) });
  const [added, setAdded] = useState<number | null>(null);
  const inCart = useCart().find((line) => line.patternId === pattern.id && line.kind === 'wholesale_print');
  const hintId = useId();

  const submit = form.onSubmit(async ({ quantity }) => {
    try {
      const line = pageCart().add({
        patternId: pattern.id,
        kind: 'wholesale_print',
        title: pattern.title,
        storeName: pattern.store.name,
        unitPriceCents: price.priceCents,
        currency: price.currency,
        minQuantity: price.minQuantity,
        quantity: Number(quantity),
      });
      setAdded(line.quantity);
    } catch (caught) {
      form.rhf.setError('quantity', { type: 'cart', message: caught instanceof Error ? caught.message : i18n._('catalog.detail.wholesale.notAdded') });
    }
  });

  return (
    <form className={styles.wholesaleForm} onSubmit={submit} aria-labelledby={hintId} noValidate>
      <p id={hintId} className={styles.wholesale}>
        {i18n._('catalog.detail.wholesale.heading')}
      </p>
      <TextField
        label={i18n._('catalog.detail.wholesale.copies')}
        inputMode="numeric"
        {...form.field('quantity')}
        error={form.errors.quantity && i18n._(form.errors.quantity)}
        hint={i18n._('catalog.detail.wholesale.hint', {
          min: price.minQuantity,
          max: MAX_PRINT_QUANTITY,
          price: formatMoney(price.priceCents, price.currency),
        })}
      />
      <Button type="submit" variant="secondary" block>
        {i18n._('catalog.detail.wholesale.add')}
      </Button>
      {added !== null || inCart ? (
        <Alert tone="success">
          {inCart ? i18n._('catalog.detail.wholesale.inCart', { count: inCart.quantity }) : null}{' '}
          <Link to={href('/payment/send')}>{i18n._('catalog.detail.actions.goToCheckout')}</Link>
        </Alert>
      ) : null}
    </form>
  );
}
