import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { writeCsv } from '@stitchhouse/shared/csv.ts';
import { formatCount, money, formatMonth } from '../shared/format.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, QueryState, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { posKeys, settlement, type SettlementRow } from '../../api/pointOfSale.ts';
import * as styles from './pointOfSale.module.css';

const CSV_COLUMNS = [
  'month',
  'shop_name',
  'designer_name',
  'currency',
  'sales',
  'copies',
  'royalty_cents',
  'platform_fee_cents',
  'designer_share_cents',
] as const;

/**
 * The monthly settlement statement: per month, shop and designer, the copies sold and the
 * royalty. `side` says whose view it is: a shop sees what it owes, a designer what it is owed.
 */
export function Settlement({ side, storeId }: { side: 'shop' | 'designer'; storeId: string }) {
  const { i18n } = useLingui();
  const [months, setMonths] = useState(6);
  const from = new Date();
  from.setUTCMonth(from.getUTCMonth() - (months - 1), 1);
  const fromIso = from.toISOString().slice(0, 10);
  // One statement read for every side and store on the page; each shows its own lines of it.
  const rows = useQuery({
    queryKey: posKeys.settlement(fromIso),
    queryFn: () => settlement(fromIso, null),
    // six more months: the shown ones stay until the longer statement is here
    placeholderData: keepPreviousData,
    select: (all) => all.filter((r) => (side === 'shop' ? r.shop_store_id : r.designer_store_id) === storeId),
  });
  const title = side === 'shop' ? i18n._('partners.report.term.royaltiesYouOwe') : i18n._('partners.settlement.owedToYou');

  const download = (data: SettlementRow[]) => {
    const blob = new Blob([writeCsv(data, CSV_COLUMNS)], { type: 'text/csv' });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `settlement-${side}-${fromIso}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <section className={styles.section} aria-labelledby={`pos-settlement-${side}`} data-testid={`settlement-${side}`}>
      <h2 id={`pos-settlement-${side}`}>{title}</h2>
      <p className={styles.muted}>{side === 'shop' ? i18n._('partners.settlement.shop.lead') : i18n._('partners.settlement.designer.lead')}</p>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onClick={() => setMonths((m) => m + 6)}>
          {i18n._('partners.settlement.more')}
        </Button>
        {rows.data && rows.data.length > 0 ? (
          <>
            <Button size="small" variant="secondary" onClick={() => download(rows.data!)}>
              {i18n._('partners.report.csv.download')}
            </Button>
            <Button size="small" variant="ghost" onClick={() => window.print()}>
              {i18n._('partners.settlement.print')}
            </Button>
          </>
        ) : null}
      </div>
      <QueryState
        query={rows}
        errorTitle={i18n._('partners.settlement.loadFailed')}
        skeleton={
          <>
            <p className={styles.muted}>{i18n._('partners.settlement.loading')}</p>
            <Skeleton width="100%" />
          </>
        }
        empty={<p className={styles.muted}>{i18n._('partners.settlement.empty', { month: formatMonth(fromIso) })}</p>}
      >
        {(list) => (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>{i18n._('partners.settlement.caption', { title, month: formatMonth(fromIso) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{i18n._('partners.settlement.month')}</th>
                  <th scope="col">{side === 'shop' ? i18n._('partners.report.term.designer') : i18n._('partners.report.term.shop')}</th>
                  <th scope="col" className={styles.number}>
                    {i18n._('partners.report.term.copies')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {i18n._('partners.settlement.royalty')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {i18n._('partners.report.term.platformShare')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {i18n._('partners.settlement.designerShare')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((r) => (
                  <tr key={`${r.month}:${r.shop_store_id}:${r.designer_store_id}:${r.currency}`}>
                    <th scope="row">{formatMonth(r.month)}</th>
                    <td>{side === 'shop' ? r.designer_name : r.shop_name}</td>
                    <td className={styles.number}>{formatCount(r.copies)}</td>
                    <td className={styles.number}>{money(r.royalty_cents, r.currency)}</td>
                    <td className={styles.number}>{money(r.platform_fee_cents, r.currency)}</td>
                    <td className={styles.number}>{money(r.designer_share_cents, r.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </section>
  );
}
