// The zod schema of env.json, in its own module: it is loaded with the config (after the
// first paint), so zod stays out of the shell's first-paint bundle.
import './zodNoEval.ts';
import * as z from 'zod/mini';
import { installRuntimeConfig, RuntimeConfigError, type RuntimeConfig } from './config.ts';

export const runtimeConfigSchema = z.object({
  supabaseUrl: z.url('must be an absolute http(s) URL'),
  supabaseAnonKey: z.string('must be a string').check(z.minLength(1, 'must not be empty')),
  deploymentId: z.string('must be a string').check(z.minLength(1, 'must not be empty')),
  /** How often navigation may re-check the live deployment (skew protection). */
  deploymentCheckMs: z._default(z.int('must be a whole number of milliseconds').check(z.nonnegative('must not be negative')), 30_000),
  /** Covers come from Storage's /render/image (coverImage.ts) unless this is false (hosted free plan). */
  imageTransforms: z.optional(z.boolean('must be true or false')),
});

// The plain interface in config.ts and the schema must describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShape: Same<z.infer<typeof runtimeConfigSchema>, RuntimeConfig> = true;
void sameShape;

/** Parses an env.json body; the message names every bad field. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(value);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i: z.core.$ZodIssue) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new RuntimeConfigError(`env.json is not valid: ${fields}`);
  }
  return parsed.data;
}

/** Sets the config directly (tests, or a host that already has it). */
export function setRuntimeConfig(config: z.input<typeof runtimeConfigSchema>): RuntimeConfig {
  return installRuntimeConfig(parseRuntimeConfig(config));
}
