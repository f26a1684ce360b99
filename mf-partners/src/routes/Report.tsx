import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { href } from '@stitchhouse/shared';
import { useQuery } from '@tanstack/react-query';
import { useLive } from '@stitchhouse/shared/query/live.ts';
import { Alert, EmptyState, PageHeading, QueryState, Select, Skeleton } from '@stitchhouse/shared/ui/index.ts';
import { listReports, myStoreCurrency, myStoreIds, reportKeys, reportRows } from '../api/reports.ts';
import { Comparison } from '../features/reports/Comparison.tsx';
import { chartPoints, currenciesOf, REPORTS } from '../features/reports/definitions.ts';
import { isReportSlug } from '@stitchhouse/shared/contracts/report-export.ts';
import { ExportCsv } from '../features/reports/ExportCsv.tsx';
import { formatCount } from '../features/reports/format.ts';
import { reportText } from '../features/reports/texts.ts';
import { PeriodPicker } from '../features/reports/PeriodPicker.tsx';
import { EmptyPeriod } from '../features/reports/EmptyPeriod.tsx';
import { periodFromSearch, periodLabel, periodSearch, presetPeriod, PROBLEM_TEXT, previousPeriod, todayUtc, type Period } from '../features/reports/period.ts';
import { ReportTable } from '../features/reports/ReportTable.tsx';
import * as styles from '../features/reports/reports.module.css';

// recharts is loaded only here, when a report opens: other screens never pay for it.
const ReportChart = lazy(() => import('../features/reports/ReportChart.tsx'));

/** /reports/:reportSlug: one report for a period (in the URL), compared with the period before, as a chart, a table and a CSV. */
export default function Report() {
  const { i18n } = useLingui();
  const { reportSlug = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const today = todayUtc();
  const { period, problem } = periodFromSearch(search, today);
  const previous = previousPeriod(period);
  const definition = isReportSlug(reportSlug) ? REPORTS[reportSlug] : undefined;
  const list = useQuery({ queryKey: reportKeys.list(), queryFn: () => listReports() });
  const summary = list.data?.find((r) => r.slug === reportSlug);
  const title = summary ? reportText(summary).title : i18n._('partners.report.title');

  const key = `${reportSlug}|${period.from}|${period.to}`;
  const rows = useQuery({
    queryKey: reportKeys.rows(definition?.rpc ?? '', period.from, period.to),
    queryFn: ({ signal }) => (definition ? reportRows(definition.rpc, period.from, period.to, signal) : Promise.resolve([])),
  });
  const before = useQuery({
    queryKey: reportKeys.rows(definition?.rpc ?? '', previous.from, previous.to),
    queryFn: ({ signal }) => (definition ? reportRows(definition.rpc, previous.from, previous.to, signal) : Promise.resolve([])),
  });
  const people = useQuery({
    queryKey: reportKeys.rows(definition?.summaryRpc ?? '', period.from, period.to),
    queryFn: ({ signal }) => (definition?.summaryRpc ? reportRows(definition.summaryRpc, period.from, period.to, signal) : Promise.resolve([])),
  });

  const storeCurrency = useQuery({ queryKey: reportKeys.storeCurrency(), queryFn: () => myStoreCurrency() });
  const stores = useQuery({ queryKey: reportKeys.storeIds(), queryFn: () => myStoreIds() });
  const [newSales, setNewSales] = useState(0);
  const currencies = useMemo(() => currenciesOf(rows.data ?? []), [rows.data]);
  const fallbackCurrency = currencies[0] ?? currenciesOf(before.data ?? [])[0] ?? storeCurrency.data ?? null;
  const [chosenCurrency, setChosenCurrency] = useState<string | null>(null);
  const currency =
    definition?.chart.y.kind === 'money' ? (chosenCurrency && currencies.includes(chosenCurrency) ? chosenCurrency : (currencies[0] ?? null)) : null;

  const go = (next: Period) => setSearch(periodSearch(next), { replace: false });

  if (list.isSuccess && (!definition || !summary)) {
    return (
      <div className={styles.layout}>
        <PageHeading title={i18n._('partners.report.notFound')}>{i18n._('partners.report.notFound')}</PageHeading>
        <EmptyState title={i18n._('partners.report.notFound.title')} actions={<Link to={href('/reports')}>{i18n._('partners.report.notFound.all')}</Link>}>
          {i18n._('partners.report.notFound.body')}
        </EmptyState>
      </div>
    );
  }

  const points = rows.isSuccess && definition ? chartPoints(definition, rows.data, currency) : [];
  const xLabel = definition?.columns.find((c) => c.key === definition.chart.x)?.label ?? /*i18n*/ 'partners.report.term.day';
  const skeleton = (
    <div className={styles.layout}>
      <Skeleton shape="block" height="5rem" />
      <Skeleton shape="block" height="16rem" />
      <Skeleton width="80%" />
      <Skeleton width="70%" />
    </div>
  );
  return (
    <div className={styles.layout}>
      <PageHeading
        title={title}
        eyebrow={<Link to={href('/reports')}>{i18n._('partners.reports.title')}</Link>}
        lead={summary ? reportText(summary).description : undefined}
      >
        {title}
      </PageHeading>
      <div className={styles.toolbar}>
        <PeriodPicker
          key={`${period.preset}|${period.from}|${period.to}`}
          period={period}
          onPreset={(preset) => go(presetPeriod(preset, today))}
          onCustom={(from, to) => go({ preset: 'custom', from, to })}
        />
        {definition ? <ExportCsv slug={reportSlug} from={period.from} to={period.to} /> : null}
      </div>
      <p className={styles.periodNote}>{i18n._('partners.report.periodNote', { period: periodLabel(period), previous: periodLabel(previous) })}</p>
      {(stores.data ?? []).map((id) => (
        <SaleNotices key={id} storeId={id} onSale={() => setNewSales((n) => n + 1)} />
      ))}
      <div role="status" aria-live="polite">
        {newSales > 0 ? <Alert tone="success">{i18n._('partners.report.newSales', { count: newSales })}</Alert> : null}
      </div>
      {problem ? (
        <Alert tone="warning" title={i18n._('partners.report.badRange')}>
          {i18n._(PROBLEM_TEXT[problem])} {i18n._('partners.report.badRange.fallback')}
        </Alert>
      ) : null}

      <QueryState query={rows} loadingLabel={i18n._('partners.report.loading')} errorTitle={i18n._('partners.report.loadFailed')} skeleton={skeleton}>
        {(data) =>
          !definition ? (
            <div aria-busy="true" aria-label={i18n._('partners.report.loading')}>
              {skeleton}
            </div>
          ) : (
            <>
              <Comparison
                totals={definition.totals}
                rows={data}
                previous={before.isSuccess ? before.data : null}
                previousLabel={periodLabel(previous)}
                fallbackCurrency={fallbackCurrency}
              />
              {people.isSuccess && people.data[0] ? (
                <dl className={styles.totals} aria-label={i18n._('partners.report.people.label')}>
                  {[
                    [i18n._('partners.report.term.storesWithSales'), 'active_stores'],
                    [i18n._('partners.report.people.newStores'), 'new_stores'],
                    [i18n._('partners.report.people.signUps'), 'sign_ups'],
                  ].map(([label, k]) => (
                    <div key={k} className={styles.total}>
                      <dt>{label}</dt>
                      <dd className={styles.totalValue}>{formatCount(Number(people.data[0]![k!] ?? 0))}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {data.length === 0 ? (
                <EmptyPeriod key={key} empty={definition.empty} rpc={definition.rpc} period={period} today={today} onShow={go} />
              ) : (
                <>
                  {currencies.length > 1 && currency ? (
                    <Select
                      className={styles.currency}
                      label={i18n._('partners.report.chartCurrency')}
                      value={currency}
                      options={currencies.map((c) => ({ value: c, label: c }))}
                      onChange={(e) => setChosenCurrency(e.target.value)}
                    />
                  ) : null}
                  <Suspense
                    fallback={
                      <div aria-busy="true" aria-label={i18n._('partners.report.chart.loading')}>
                        <Skeleton shape="block" height="16rem" />
                      </div>
                    }
                  >
                    <ReportChart
                      points={points}
                      measure={i18n._(definition.chart.y.label)}
                      xIsDay={definition.chart.x === 'day'}
                      xLabel={i18n._(xLabel)}
                      axis={xLabel.slice(xLabel.lastIndexOf('.') + 1)}
                      currency={currency}
                    />
                  </Suspense>
                  <ReportTable
                    caption={i18n._('partners.report.table.caption', { title, period: periodLabel(period) })}
                    columns={definition.columns}
                    rows={data}
                    initialSort={definition.sort}
                  />
                </>
              )}
            </>
          )
        }
      </QueryState>
    </div>
  );
}

/** A store's sales as they happen (private channel store-sales:<store>, its owner's only): the open report reads its rows again. */
function SaleNotices({ storeId, onSale }: { storeId: string; onSale: () => void }) {
  useLive({ topic: `store-sales:${storeId}`, private: true, broadcast: ['sale'], invalidate: [[...reportKeys.all, 'rows']], onEvent: onSale });
  return null;
}
