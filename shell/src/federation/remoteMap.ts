// The zod schema of remotes.json, loaded when the page fetches the file (a plain static host,
// and the skew checks); the copy the server sends inside the page it checked itself.
import '@stitchhouse/shared/zodNoEval.ts';
import * as z from 'zod/mini';
import type { RemoteMap } from './remotes.ts';

const remoteMapSchema = z.record(
  z.string().check(z.regex(/^[a-z][a-z0-9_]*$/, 'remote names are like mf_auth')),
  z.url('must be the absolute URL of an mf-manifest.json'),
);

export function parseRemoteMap(value: unknown): RemoteMap {
  const parsed = remoteMapSchema.safeParse(value);
  if (!parsed.success)
    throw new Error(`remotes.json is not valid: ${parsed.error.issues.map((i: z.core.$ZodIssue) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
