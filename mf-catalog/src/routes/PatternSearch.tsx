import { ComingSoon } from '@stitchhouse/shared';

/** /patterns/search: built by a later issue; until then a plainly labelled placeholder. */
export default function PatternSearch() {
  return <ComingSoon path="/patterns/search" />;
}
