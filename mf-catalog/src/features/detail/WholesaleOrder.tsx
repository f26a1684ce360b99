import { href } from '@stitchhouse/shared';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { MAX_PRINT_QUANTITY, pageCart, useCart } from '@stitchhouse/shared/cart/index.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Alert, Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import type { PatternDetail } from '../../api/detail.ts';
import * as styles from './PatternActions.module.css';

// the number as typed; the cart checks the minimum and the maximum when the line goes in
const copiesSchema = z.object({ quantity: z.string().refine((typed) => /^\d+$/.test(typed.trim()), 'Enter a whole number of copies.') });

/** Approved wholesale accounts: a print licence for N copies goes in the cart as its own line. */
export function WholesaleOrder({ pattern, price }: { pattern: PatternDetail; price: { priceCents: number; currency: Currency; minQuantity: number } }) {
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
      form.rhf.setError('quantity', { type: 'cart', message: caught instanceof Error ? caught.message : 'These copies could not be added to the cart.' });
    }
  });

  return (
    <form className={styles.wholesaleForm} onSubmit={submit} aria-labelledby={hintId} noValidate>
      <p id={hintId} className={styles.wholesale}>
        Order printed copies (wholesale print licence)
      </p>
      <TextField
        label="Copies"
        inputMode="numeric"
        {...form.field('quantity')}
        hint={`From ${price.minQuantity} copies, at most ${MAX_PRINT_QUANTITY.toLocaleString('en')}; ${formatMoney(price.priceCents, price.currency)} each.`}
      />
      <Button type="submit" variant="secondary" block>
        Add copies to cart
      </Button>
      {added !== null || inCart ? (
        <Alert tone="success">
          {inCart ? `${inCart.quantity} printed copies in your cart.` : null} <Link to={href('/payment/send')}>Go to checkout</Link>
        </Alert>
      ) : null}
    </form>
  );
}
