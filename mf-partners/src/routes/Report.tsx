import { ComingSoon } from '@stitchhouse/shared';

/** /reports/:reportSlug: built by a later issue; until then a plainly labelled placeholder. */
export default function Report() {
  return <ComingSoon path="/reports/:reportSlug" />;
}
