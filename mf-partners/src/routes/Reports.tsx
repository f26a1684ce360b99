import { ComingSoon } from '@stitchhouse/shared';

/** /reports: built by a later issue; until then a plainly labelled placeholder. */
export default function Reports() {
  return <ComingSoon path="/reports" />;
}
