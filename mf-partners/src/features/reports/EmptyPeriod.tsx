import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState } from '@stitchhouse/shared/ui/index.ts';
import { reportKeys, reportRows } from '../../api/reports.ts';
import { covers, lastTwelveMonths, periodLabel, type Period } from './period.ts';

export interface EmptyPeriodProps {
  /** The report's words for an empty period (a catalog id). */
  empty: string;
  rpc: string;
  period: Period;
  today: string;
  onShow(period: Period): void;
}

/**
 * A report with no rows in its period says so and looks at the last 12 months: when they have
 * rows, one click shows them (every report opens on the last 30 days, often empty for a new store).
 */
export function EmptyPeriod({ empty, rpc, period, today, onShow }: EmptyPeriodProps) {
  const { i18n } = useLingui();
  const wider = lastTwelveMonths(today);
  const alreadyWide = covers(period, wider);
  const probe = useQuery({
    queryKey: reportKeys.rows(rpc, wider.from, wider.to),
    queryFn: ({ signal }) => reportRows(rpc, wider.from, wider.to, signal),
    enabled: !alreadyWide,
  });
  const found = probe.isSuccess ? probe.data.length : 0;
  return (
    <EmptyState title={i18n._(empty)} actions={found > 0 ? <Button onClick={() => onShow(wider)}>{i18n._('partners.report.empty.showYear')}</Button> : null}>
      <span role="status">
        {i18n._('partners.report.empty.nothingIn', { period: periodLabel(period) })}{' '}
        {alreadyWide
          ? i18n._('partners.report.empty.yearNothingEither')
          : probe.status === 'pending'
            ? i18n._('partners.report.empty.lookingAtYear')
            : probe.status === 'error'
              ? i18n._('partners.report.empty.tryLonger')
              : found > 0
                ? i18n._('partners.report.empty.yearHasRows', { period: periodLabel(wider), count: found })
                : i18n._('partners.report.empty.yearNothing')}
      </span>
    </EmptyState>
  );
}
