import { VisuallyHidden } from '../ui/VisuallyHidden.tsx';
import { usePrice } from './usePrice.ts';

/**
 * A store's price in the buyer's currency. Converted prices start with "≈" and say the store's
 * own price to screen readers (and on hover); `detail` prints it visibly too ("charged as $14.00").
 */
export function Price({
  amount,
  currency,
  detail = false,
  className,
  testId = 'pattern-price',
}: {
  amount: number;
  currency: string;
  detail?: boolean;
  className?: string;
  testId?: string;
}) {
  const shown = usePrice(amount, currency);
  if (!shown.approximate)
    return (
      <span className={className} data-testid={testId}>
        {shown.text}
      </span>
    );
  return (
    <span className={className} data-testid={testId} data-approximate="true" title={`About ${shown.text.slice(2)}: the store sells it for ${shown.original}`}>
      {shown.text}
      {detail ? (
        <span data-testid="price-original"> (the store charges {shown.original})</span>
      ) : (
        <VisuallyHidden> (approximately; the store charges {shown.original})</VisuallyHidden>
      )}
    </span>
  );
}
