import { useLingui } from '@lingui/react';
import { pageCart, type CartLine } from '@stitchhouse/shared/cart/index.ts';
import { formatMoney, type Currency } from '@stitchhouse/shared/pricing.ts';
import { Button } from '@stitchhouse/shared/ui/index.ts';
import type { Quote } from '../../api/checkout.ts';
import { QuantityField } from './QuantityField.tsx';
import * as styles from './Checkout.module.css';

/** The lines of one currency's checkout, each with the quote's total once there is one, quantity and Remove. */
export function CartLines({ lines, currency, quote }: { lines: CartLine[]; currency: Currency; quote: Quote | null }) {
  const { i18n } = useLingui();
  const lineTotal = (line: CartLine) => quote?.lines.find((q) => q.pattern_id === line.patternId && q.kind === line.kind);
  return (
    <ul className={styles.lines}>
      {lines.map((line) => {
        const quoted = lineTotal(line);
        return (
          <li key={`${line.patternId}:${line.kind}`} className={styles.line} data-pattern-id={line.patternId}>
            <div>
              <p className={styles.lineTitle}>{line.title}</p>
              <p className={styles.meta}>
                {line.kind === 'digital'
                  ? i18n._('payments.cart.byDigital', { store: line.storeName })
                  : i18n._('payments.cart.byPrint', { store: line.storeName, price: formatMoney(line.unitPriceCents, currency) })}
              </p>
              {quoted && quoted.discount_cents > 0 ? (
                <p className={styles.meta}>{i18n._('payments.cart.lineDiscount', { amount: formatMoney(quoted.discount_cents, currency) })}</p>
              ) : null}
            </div>
            <p className={styles.amount}>{formatMoney(quoted ? quoted.total_cents : line.unitPriceCents * line.quantity, currency)}</p>
            <div className={styles.lineActions}>
              {line.kind === 'wholesale_print' ? <QuantityField line={line} /> : null}
              <Button
                size="small"
                variant="ghost"
                onClick={() => pageCart().remove(line.patternId, line.kind)}
                aria-label={i18n._('payments.cart.removeLabel', { title: line.title })}
              >
                {i18n._('payments.cart.remove')}
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
