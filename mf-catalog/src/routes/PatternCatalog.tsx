import { ComingSoon } from '@stitchhouse/shared';

/** /patterns: built by a later issue; until then a plainly labelled placeholder. */
export default function PatternCatalog() {
  return <ComingSoon path="/patterns" />;
}
