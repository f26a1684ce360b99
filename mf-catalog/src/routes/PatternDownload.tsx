import { ComingSoon } from '@stitchhouse/shared';

/** /patterns/:productId/download: built by a later issue; until then a plainly labelled placeholder. */
export default function PatternDownload() {
  return <ComingSoon path="/patterns/:productId/download" />;
}
