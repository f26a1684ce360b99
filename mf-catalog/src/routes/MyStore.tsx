import { ComingSoon } from '@stitchhouse/shared';

/** /patterns/my-store: built by a later issue; until then a plainly labelled placeholder. */
export default function MyStore() {
  return <ComingSoon path="/patterns/my-store" />;
}
