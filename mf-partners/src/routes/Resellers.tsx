import { ComingSoon } from '@stitchhouse/shared';

/** /partners/resellers: built by a later issue; until then a plainly labelled placeholder. */
export default function Resellers() {
  return <ComingSoon path="/partners/resellers" />;
}
