// zod without eval. The pages' Content-Security-Policy allows no
// 'unsafe-eval' (scripts/csp.mjs); zod's object parser otherwise probes `Function("")` on its
// first parse to pick its compiled fast path, and the browser reports that probe as a violation.
// `jitless` keeps zod on its plain parser: the same results, no eval. zod keeps its config on
// globalThis, so one call serves every copy on the page. Every module that declares zod schemas
// imports this file first (`import './zodNoEval.ts'`), so it has run before any schema parses.
import { config } from 'zod/mini';

config({ jitless: true });
