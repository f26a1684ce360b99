// The worked example of one sale, in words, for every page that shows one (/designers, /pricing,
// /payment/receive, /partners): describeSaleExample of shared/src/pricing.ts, the figures checkout
// charges and pays out. Inline, so it sits in a lead, a paragraph or a caption.
import { describeSaleExample, saleExample, type SaleExample as SaleExampleFigures } from './pricing.ts';

export function SaleExample({ example = saleExample(), reader = 'designer' }: { example?: SaleExampleFigures; reader?: 'designer' | 'partner' }) {
  return <span data-sale-example={`${example.amountCents} ${example.currency} ${example.country}`}>{describeSaleExample(example, reader)}</span>;
}
