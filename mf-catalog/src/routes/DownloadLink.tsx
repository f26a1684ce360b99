import { ComingSoon } from '@stitchhouse/shared';

/** /download/:productId: built by a later issue; until then a plainly labelled placeholder. */
export default function DownloadLink() {
  return <ComingSoon path="/download/:productId" />;
}
