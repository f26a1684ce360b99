/** Which tool a craft's size is for, the `tool` of `catalog.common.needleSize` ("Hook size", "Needle size", "Needle or hook size"). */
export function needleTool(craft: string | null | undefined): 'hook' | 'needle' | 'either' {
  return craft === 'crochet' ? 'hook' : craft === 'knitting' ? 'needle' : 'either';
}
