import { ComingSoon } from '@stitchhouse/shared';

/** /stores/:slug: built by a later issue; until then a plainly labelled placeholder. */
export default function Storefront() {
  return <ComingSoon path="/stores/:slug" />;
}
