import { ComingSoon } from '@stitchhouse/shared';

/** /download/error: built by a later issue; until then a plainly labelled placeholder. */
export default function DownloadError() {
  return <ComingSoon path="/download/error" />;
}
