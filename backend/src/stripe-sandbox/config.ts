// Which Stripe the backend's functions talk to. STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET set:
// real Stripe (test mode), no sandbox. Otherwise the embedded sandbox, with its own sk_test_…
// and whsec_… generated once into <dataDir>/keys.json beside the backend's other keys.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { DunningSettings, RetrySchedule } from './core.ts';

export interface StripeConfig {
  mode: 'sandbox' | 'stripe';
  secretKey: string;
  webhookSecret: string;
  /** Sandbox port on 127.0.0.1 (STRIPE_SANDBOX_PORT, default 54330; 0 = a free one). */
  sandboxPort: number;
  /** Where the sandbox delivers events (STRIPE_SANDBOX_WEBHOOK_URL; default the local stripe-webhook function). */
  webhookUrl?: string;
  retry?: Partial<RetrySchedule>;
  /** Seconds an onboarding link lives (STRIPE_SANDBOX_LINK_TTL, default 300). */
  accountLinkTtl?: number;
  /**
   * Failed renewals: STRIPE_SANDBOX_DUNNING_DAYS (days after the first failure to retry, e.g.
   * "1,3,5,7,9,11,14", Stripe's Smart Retries' 8 tries in 2 weeks) and STRIPE_SANDBOX_DUNNING_END
   * (cancel | unpaid | past_due once every retry failed; Stripe's default cancel).
   */
  dunning?: Partial<DunningSettings>;
}

const whole = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);

const envSchema = z.object({
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_SANDBOX_PORT: whole('STRIPE_SANDBOX_PORT', 0).max(65535).optional(),
  STRIPE_SANDBOX_WEBHOOK_URL: z.url('STRIPE_SANDBOX_WEBHOOK_URL must be a URL').optional(),
  STRIPE_SANDBOX_RETRY_BASE_MS: whole('STRIPE_SANDBOX_RETRY_BASE_MS', 1).optional(),
  STRIPE_SANDBOX_RETRY_MAX_MS: whole('STRIPE_SANDBOX_RETRY_MAX_MS', 1).optional(),
  STRIPE_SANDBOX_WEBHOOK_ATTEMPTS: whole('STRIPE_SANDBOX_WEBHOOK_ATTEMPTS', 1).optional(),
  STRIPE_SANDBOX_LINK_TTL: whole('STRIPE_SANDBOX_LINK_TTL', 1).optional(),
  STRIPE_SANDBOX_DUNNING_DAYS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean)
        .map(Number),
    )
    .refine(
      (days) => days.every((d, i) => Number.isInteger(d) && d >= 1 && (i === 0 || d > days[i - 1]!)),
      'STRIPE_SANDBOX_DUNNING_DAYS must be ascending whole days after the first failed payment, e.g. 1,3,5,7,9,11,14',
    )
    .optional(),
  STRIPE_SANDBOX_DUNNING_END: z.enum(['cancel', 'unpaid', 'past_due'], { error: 'STRIPE_SANDBOX_DUNNING_END must be cancel, unpaid or past_due' }).optional(),
});

const keysSchema = z.object({ stripeSecretKey: z.string().startsWith('sk_test_'), stripeWebhookSecret: z.string().startsWith('whsec_') });

/** The sandbox's keys from keys.json, added (and the file's other keys kept) on first use. */
function sandboxKeys(dataDir: string): z.infer<typeof keysSchema> {
  const file = path.join(dataDir, 'keys.json');
  const current = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const stored = keysSchema.safeParse(current);
  if (stored.success) return stored.data;
  const keys = {
    stripeSecretKey: `sk_test_${crypto.randomBytes(24).toString('base64url').replace(/[-_]/g, '')}`,
    stripeWebhookSecret: `whsec_${crypto.randomBytes(24).toString('base64url').replace(/[-_]/g, '')}`,
  };
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify({ ...current, ...keys }, null, 2) + '\n', { mode: 0o600 });
  fs.renameSync(tmp, file);
  return keys;
}

/** `gatewayPort` 0 (tests) makes the sandbox pick a free port too unless one is asked for. */
export function loadStripeConfig(dataDir: string, env: NodeJS.ProcessEnv, gatewayPortRequested: number, override?: Partial<StripeConfig>): StripeConfig {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith('STRIPE_') && v !== undefined && v !== '')));
  if (!parsed.success) throw new Error(`Invalid backend environment: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid backend environment: set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to use real Stripe, or neither for the sandbox');
  }
  const sandboxPort = override?.sandboxPort ?? e.STRIPE_SANDBOX_PORT ?? (gatewayPortRequested === 0 ? 0 : 54330);
  const retry = {
    ...(e.STRIPE_SANDBOX_RETRY_BASE_MS ? { baseMs: e.STRIPE_SANDBOX_RETRY_BASE_MS } : {}),
    ...(e.STRIPE_SANDBOX_RETRY_MAX_MS ? { maxMs: e.STRIPE_SANDBOX_RETRY_MAX_MS } : {}),
    ...(e.STRIPE_SANDBOX_WEBHOOK_ATTEMPTS ? { maxAttempts: e.STRIPE_SANDBOX_WEBHOOK_ATTEMPTS } : {}),
    ...override?.retry,
  };
  if (override?.mode !== 'sandbox' && e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET) {
    return { mode: 'stripe', secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, sandboxPort, ...override };
  }
  const keys = sandboxKeys(dataDir);
  return {
    mode: 'sandbox',
    secretKey: keys.stripeSecretKey,
    webhookSecret: keys.stripeWebhookSecret,
    sandboxPort,
    webhookUrl: e.STRIPE_SANDBOX_WEBHOOK_URL,
    retry,
    accountLinkTtl: e.STRIPE_SANDBOX_LINK_TTL,
    ...override,
    dunning: {
      ...(e.STRIPE_SANDBOX_DUNNING_DAYS ? { retryDays: e.STRIPE_SANDBOX_DUNNING_DAYS } : {}),
      ...(e.STRIPE_SANDBOX_DUNNING_END ? { onFinalFailure: e.STRIPE_SANDBOX_DUNNING_END } : {}),
      ...override?.dunning,
    },
    ...(override?.retry ? { retry } : {}),
  };
}
