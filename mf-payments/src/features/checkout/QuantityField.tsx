import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { CartError, pageCart, type CartLine } from '@stitchhouse/shared/cart/index.ts';
import { TextField } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './Checkout.module.css';

/** Copies of a wholesale print line: saved to the cart as soon as the number is valid. */
export function QuantityField({ line }: { line: CartLine }) {
  const { i18n } = useLingui();
  const [value, setValue] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(String(line.quantity)), [line.quantity]);

  function change(next: string) {
    setValue(next);
    try {
      if (!/^\d+$/.test(next.trim())) throw new CartError(i18n._('payments.quantity.whole'));
      pageCart().setQuantity(line.patternId, line.kind, Number(next));
      setError(null);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : i18n._('payments.quantity.impossible'));
    }
  }

  return (
    <TextField
      className={styles.quantity}
      label={i18n._('payments.quantity.label', { title: line.title })}
      inputMode="numeric"
      value={value}
      onChange={(event) => change(event.target.value)}
      hint={line.minQuantity ? i18n._('payments.quantity.min', { count: line.minQuantity }) : undefined}
      error={error ?? undefined}
    />
  );
}
