import { gaugeLabel, needleLabel, needleName, yarnAmountLabel, yarnWeightLabel } from '@stitchhouse/shared/catalog/yarn.ts';
import type { YarnFacets } from '../../api/detail.ts';

/** Knitting and crochet facts for the pattern page's summary list (inside its <dl>): what the designer gave. */
export function YarnFacts({ yarn, craft }: { yarn: YarnFacets; craft: string }) {
  const facts: [string, string, string][] = [
    ['Yarn weight', yarnWeightLabel(yarn.weight), 'yarn-weight'],
    [needleName(craft), needleLabel(yarn.needleMm, craft), 'needle'],
    ['Gauge', gaugeLabel(yarn.gaugeStitches, yarn.gaugeRows), 'gauge'],
    ['Yarn', yarnAmountLabel(yarn.minM, yarn.maxM), 'yarn-amount'],
  ];
  return (
    <>
      {facts
        .filter(([, value]) => value !== '')
        .map(([term, value, id]) => (
          <div key={id}>
            <dt>{term}</dt>
            <dd data-testid={`detail-${id}`}>{value}</dd>
          </div>
        ))}
    </>
  );
}
