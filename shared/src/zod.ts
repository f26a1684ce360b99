// The page's one zod, for a remote's own schemas (a kit, a pattern being edited):
// `import * as z from '@stitchhouse/shared/zod.ts'`. From here it comes from the shell like every
// platform module (one copy per page); a remote that imports 'zod' itself bundles a second copy
// of zod's core next to the shell's (bench/phone's duplicate check failed on /partners/suppliers).
// Named builders, not `export *`: a provided module keeps every name it exports, and all of zod
// (JSON schema, ISO formats, compat…) is ~55 KB gzip against ~15 for what forms use. Add a name
// here when a remote needs one. Schemas on the pages buyers land on use 'zod/mini' in shared
// (catalog/sizing.ts, cart/cart.ts…), the flavour the shell's own config already loads.
import './zodNoEval.ts';

export { array, boolean, coerce, enum, literal, NEVER, number, object, optional, string, union } from 'zod';
export type { infer, input, output } from 'zod';
