import { useLingui } from '@lingui/react';
import { gaugeLabel, needleLabel, yarnAmountLabel, yarnWeightLabel } from '@stitchhouse/shared/catalog/yarn.ts';
import { needleTool } from '../shared/needleTool.ts';
import type { YarnFacets } from '../../api/detail.ts';

/** Knitting and crochet facts for the pattern page's summary list (inside its <dl>): what the designer gave. */
export function YarnFacts({ yarn, craft }: { yarn: YarnFacets; craft: string }) {
  const { i18n } = useLingui();
  const facts: [string, string, string][] = [
    [i18n._('catalog.browse.yarn.weight'), yarnWeightLabel(yarn.weight), 'yarn-weight'],
    [i18n._('catalog.common.needleSize', { tool: needleTool(craft) }), needleLabel(yarn.needleMm, craft), 'needle'],
    [i18n._('catalog.detail.gauge'), gaugeLabel(yarn.gaugeStitches, yarn.gaugeRows), 'gauge'],
    [i18n._('catalog.detail.yarn'), yarnAmountLabel(yarn.minM, yarn.maxM), 'yarn-amount'],
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
