import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { href } from '@stitchhouse/shared';
import { Price } from '@stitchhouse/shared/currency/index.ts';
import { Card, QueryState, buttonClassName } from '@stitchhouse/shared/ui/index.ts';
import { kitKeys, listPatternKits, recordKitClick, type PatternKit } from '../../api/kits.ts';
import { KitsSection, KitsSkeleton } from './KitsSection.tsx';
import * as styles from './KitsForPattern.module.css';

/**
 * "Kits for this pattern": fabric and notions bundles approved suppliers list against the
 * pattern, each with a link to the supplier's own shop. Each link is a real link (new tab,
 * middle click and keyboard all work); opening it also counts a click for the supplier's report.
 */
export function KitsForPattern({ patternId }: { patternId: string }) {
  const { i18n } = useLingui();
  const kits = useQuery({ queryKey: kitKeys.forPattern(patternId), queryFn: ({ signal }) => listPatternKits(patternId, signal) });
  return (
    <KitsSection busy={kits.isFetching}>
      <QueryState
        query={kits}
        errorTitle={i18n._('catalog.kits.loadError')}
        skeleton={<KitsSkeleton />}
        empty={
          <p className={styles.quiet}>
            <Trans id="catalog.kits.none" components={{ 0: <Link to={href('/partners/suppliers')} /> }} />
          </p>
        }
      >
        {(found) => (
          <ul className={styles.list}>
            {found.map((kit) => (
              <KitCard key={kit.id} kit={kit} />
            ))}
          </ul>
        )}
      </QueryState>
    </KitsSection>
  );
}

function KitCard({ kit }: { kit: PatternKit }) {
  const { i18n } = useLingui();
  // Counted in the background: the shop opens in its own tab, so this page stays to finish the request.
  const count = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    recordKitClick(kit.id).catch(() => undefined); // a click that fails to count must not stop the shopper
  };
  return (
    <Card as="li" className={styles.kit}>
      <div className={styles.head}>
        <h3 className={styles.title}>{kit.title}</h3>
        {/* In the buyer's currency, as the pattern's price is ("≈ $61.40"; the supplier's own price for screen readers and on hover). */}
        <p className={styles.price}>
          <Price amount={kit.priceCents} currency={kit.currency} testId="kit-price" />
        </p>
      </div>
      {kit.supplierName ? <p className={styles.supplier}>{i18n._('catalog.kits.from', { supplier: kit.supplierName })}</p> : null}
      {kit.description ? <p className={styles.description}>{kit.description}</p> : null}
      <a
        className={buttonClassName({ variant: 'secondary', size: 'small' })}
        href={kit.url}
        target="_blank"
        rel="noopener"
        onClick={count}
        onAuxClick={count}
        aria-label={
          kit.supplierName
            ? i18n._('catalog.kits.shopAt', { title: kit.title, supplier: kit.supplierName })
            : i18n._('catalog.kits.shopLabel', { title: kit.title })
        }
      >
        {i18n._('catalog.kits.shop')} <span aria-hidden="true">↗</span>
      </a>
    </Card>
  );
}
