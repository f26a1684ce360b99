import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState } from '@stitchhouse/shared/ui/index.ts';
import { reportKeys, reportRows } from '../../api/reports.ts';
import { covers, lastTwelveMonths, periodLabel, type Period } from './period.ts';

export interface EmptyPeriodProps {
  /** The report's words for an empty period. */
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
  const wider = lastTwelveMonths(today);
  const alreadyWide = covers(period, wider);
  const probe = useQuery({
    queryKey: reportKeys.rows(rpc, wider.from, wider.to),
    queryFn: ({ signal }) => reportRows(rpc, wider.from, wider.to, signal),
    enabled: !alreadyWide,
  });
  const found = probe.isSuccess ? probe.data.length : 0;
  return (
    <EmptyState title={empty} actions={found > 0 ? <Button onClick={() => onShow(wider)}>Show the last 12 months</Button> : null}>
      <span role="status">
        {`Nothing in ${periodLabel(period)}. `}
        {alreadyWide
          ? 'Nothing to show for the last 12 months either.'
          : probe.status === 'pending'
            ? 'Looking at the last 12 months…'
            : probe.status === 'error'
              ? 'Try a longer period with the picker above.'
              : found > 0
                ? `The last 12 months (${periodLabel(wider)}) have ${found} ${found === 1 ? 'row' : 'rows'}.`
                : 'Nothing in the last 12 months either.'}
      </span>
    </EmptyState>
  );
}
