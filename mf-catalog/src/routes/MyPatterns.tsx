import { ComingSoon } from '@stitchhouse/shared';

/** /patterns/my-patterns: built by a later issue; until then a plainly labelled placeholder. */
export default function MyPatterns() {
  return <ComingSoon path="/patterns/my-patterns" />;
}
