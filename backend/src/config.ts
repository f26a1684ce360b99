// Environment → BackendConfig. Secrets are generated on first start and kept in the data
// folder, so tokens and the printed keys stay valid across restarts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { BackendConfig } from './context.ts';
import type { JWK } from 'jose';
import { assertUsableSigningKeys, makeApiKeys, newSigningKey } from './jwt.ts';
import { loadStripeConfig, type StripeConfig } from './stripe-sandbox/config.ts';
import { defaultBodyLimits, parseSize } from './body-limits.ts';
import { loadAuthSettings, type AuthToml } from './auth/settings.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_PORT = 54321;
export const DEFAULT_DB_PORT = 54322;
export const DEFAULT_REST_PORT = 54323;

const intFrom = (name: string, min: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`);

const envSchema = z.object({
  BACKEND_PORT: intFrom('BACKEND_PORT', 0).max(65535).optional(),
  BACKEND_DATA_DIR: z.string().min(1).optional(),
  API_EXTERNAL_URL: z.url('API_EXTERNAL_URL must be a URL').optional(),
  SITE_URL: z.url('SITE_URL must be a URL').optional(),
  ADDITIONAL_REDIRECT_URLS: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  JWT_EXPIRY: intFrom('JWT_EXPIRY', 30).optional(),
  MAILER_OTP_EXP: intFrom('MAILER_OTP_EXP', 30).optional(),
  SMTP_MAX_FREQUENCY: intFrom('SMTP_MAX_FREQUENCY', 0).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_INBOX: z.enum(['true', 'false'], { error: 'MAIL_INBOX must be true or false' }).optional(),
  BODY_LIMIT_REST: z.string().optional(),
  BODY_LIMIT_AUTH: z.string().optional(),
  BODY_LIMIT_FUNCTIONS: z.string().optional(),
  BODY_LIMIT_STORAGE_UPLOAD: z.string().optional(),
  BODY_LIMIT_OTHER: z.string().optional(),
  TRUSTED_PROXIES: z.string().optional(),
  REFRESH_TOKEN_REUSE_INTERVAL: intFrom('REFRESH_TOKEN_REUSE_INTERVAL', 0).optional(),
  MAILER_SECURE_EMAIL_CHANGE_ENABLED: z.enum(['true', 'false'], { error: 'MAILER_SECURE_EMAIL_CHANGE_ENABLED must be true or false' }).optional(),
  JWT_SIGNING_ALGORITHM: z.enum(['ES256', 'HS256'], { error: 'JWT_SIGNING_ALGORITHM must be ES256 or HS256' }).optional(),
});

export type ConfigOverrides = Partial<Omit<BackendConfig, 'anonKey' | 'serviceRoleKey' | 'dbPassword' | 'stripe' | 'auth'>> & {
  /** Sandbox settings to change (tests: faster retries); the rest comes from the environment. */
  stripe?: Partial<StripeConfig>;
  /** config.toml's [auth] keys to change (tests: stacks with other settings), merged over the file's. */
  authConfig?: AuthToml;
  /** The config.toml to read [auth] from (default supabase/config.toml). */
  configToml?: string;
};

/** Builds the configuration; `port: 0` picks a free port now so every URL is known up front. */
export async function loadConfig(overrides: ConfigOverrides = {}, env: NodeJS.ProcessEnv = process.env): Promise<BackendConfig> {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')));
  if (!parsed.success) throw new Error(`Invalid backend environment: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  const e = parsed.data;

  const dataDir = path.resolve(overrides.dataDir ?? e.BACKEND_DATA_DIR ?? path.join(repoRoot, '.data', 'backend'));
  fs.mkdirSync(dataDir, { recursive: true });
  let port = overrides.port ?? e.BACKEND_PORT ?? DEFAULT_PORT;
  if (port === 0) port = await reservePort();
  // overrides, then the environment, then config.toml's [auth], then the defaults
  const auth = loadAuthSettings(overrides.configToml ?? path.join(repoRoot, 'supabase', 'config.toml'), overrides.authConfig);
  const { signingKeys: storedSigningKeys, ...keys } = await loadKeys(dataDir, overrides.jwtSecret ?? e.JWT_SECRET ?? auth.jwtSecret);
  // after loadKeys: the sandbox's keys join keys.json
  const stripe = loadStripeConfig(dataDir, env, overrides.port ?? e.BACKEND_PORT ?? DEFAULT_PORT, overrides.stripe);
  const signingKeysFile = auth.signingKeysPath ? path.resolve(repoRoot, 'supabase', auth.signingKeysPath) : undefined;
  const signingKeys = overrides.signingKeys ?? (signingKeysFile ? readSigningKeys(signingKeysFile) : storedSigningKeys);
  // a key file sessions cannot be signed with stops the start, rather than every sign-up failing later
  await assertUsableSigningKeys(
    signingKeys,
    signingKeysFile ? `${signingKeysFile} (auth.signing_keys_path)` : overrides.signingKeys ? 'signingKeys' : path.join(dataDir, 'keys.json'),
  );

  return {
    port,
    // '{port}' in the URL stands for the port picked above (tests ask for port 0).
    apiExternalUrl: stripSlash(overrides.apiExternalUrl ?? e.API_EXTERNAL_URL ?? `http://localhost:${port}`).replace('{port}', String(port)),
    siteUrl: stripSlash(overrides.siteUrl ?? e.SITE_URL ?? auth.siteUrl ?? 'http://localhost:3000'),
    redirectAllowList:
      overrides.redirectAllowList ??
      (e.ADDITIONAL_REDIRECT_URLS?.split(',') ?? auth.additionalRedirectUrls ?? ['http://localhost:*', 'http://127.0.0.1:*'])
        .map((s) => s.trim())
        .filter(Boolean),
    dataDir,
    databaseUrl: overrides.databaseUrl ?? e.DATABASE_URL,
    ...keys,
    signingKeys,
    jwtAlgorithm: overrides.jwtAlgorithm ?? e.JWT_SIGNING_ALGORITHM ?? 'ES256',
    jwtExpiry: overrides.jwtExpiry ?? e.JWT_EXPIRY ?? auth.jwtExpiry ?? 3600,
    otpExpiry: overrides.otpExpiry ?? e.MAILER_OTP_EXP ?? auth.otpExpiry ?? 3600,
    emailMinInterval: overrides.emailMinInterval ?? e.SMTP_MAX_FREQUENCY ?? auth.emailMaxFrequency ?? 60,
    smtpUrl: overrides.smtpUrl ?? e.SMTP_URL,
    stripe,
    // the inbox shows every message sent: local development only, never beside real mail
    mailInbox: (overrides.mailInbox ?? e.MAIL_INBOX !== 'false') && !(overrides.smtpUrl ?? e.SMTP_URL),
    bodyLimits: {
      ...defaultBodyLimits,
      ...(e.BODY_LIMIT_REST ? { rest: parseSize('BODY_LIMIT_REST', e.BODY_LIMIT_REST) } : {}),
      ...(e.BODY_LIMIT_AUTH ? { auth: parseSize('BODY_LIMIT_AUTH', e.BODY_LIMIT_AUTH) } : {}),
      ...(e.BODY_LIMIT_FUNCTIONS ? { functions: parseSize('BODY_LIMIT_FUNCTIONS', e.BODY_LIMIT_FUNCTIONS) } : {}),
      ...(e.BODY_LIMIT_STORAGE_UPLOAD ? { storageUpload: parseSize('BODY_LIMIT_STORAGE_UPLOAD', e.BODY_LIMIT_STORAGE_UPLOAD) } : {}),
      ...(e.BODY_LIMIT_OTHER ? { other: parseSize('BODY_LIMIT_OTHER', e.BODY_LIMIT_OTHER) } : {}),
      ...overrides.bodyLimits,
    },
    trustedProxies:
      overrides.trustedProxies ??
      (e.TRUSTED_PROXIES ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    publicCache: overrides.publicCache,
    refreshTokenReuseInterval: overrides.refreshTokenReuseInterval ?? e.REFRESH_TOKEN_REUSE_INTERVAL ?? auth.refreshTokenReuseInterval ?? 10,
    secureEmailChange:
      overrides.secureEmailChange ??
      (e.MAILER_SECURE_EMAIL_CHANGE_ENABLED ? e.MAILER_SECURE_EMAIL_CHANGE_ENABLED !== 'false' : (auth.secureEmailChange ?? true)),
    auth,
  };
}

const jwkSchema = z.object({ kty: z.string(), kid: z.string() }).loose();

/** config.toml's signing_keys_path (resolved against supabase/, as the CLI reads it): a JSON array of private JWKs. */
function readSigningKeys(resolved: string): JWK[] {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(resolved, 'utf8'));
  } catch (err) {
    throw new Error(`${resolved} (auth.signing_keys_path) cannot be read as JSON: ${(err as Error).message}`, { cause: err });
  }
  const parsed = z.array(jwkSchema).min(1).safeParse(json);
  if (!parsed.success) throw new Error(`${resolved}: expected a JSON array of JWKs with kid (auth.signing_keys_path)`);
  return parsed.data as JWK[];
}

/**
 * Rotation: a new signing key signs from the next start on; the earlier ones stay in keys.json,
 * published and accepted (tokens they signed keep working), until `keep` keys are reached.
 */
export async function rotateSigningKey(dataDir: string, keep = 3): Promise<JWK> {
  const file = path.join(dataDir, 'keys.json');
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { signingKeys?: JWK[] };
  const key = await newSigningKey();
  stored.signingKeys = [key, ...(stored.signingKeys ?? [])].slice(0, keep);
  fs.writeFileSync(file, JSON.stringify(stored, null, 2) + '\n', { mode: 0o600 });
  return key;
}

const keysSchema = z.object({
  jwtSecret: z.string().min(32),
  anonKey: z.string(),
  serviceRoleKey: z.string(),
  // absent in data folders from before signing keys: one is added on start
  signingKeys: z.array(jwkSchema).optional(),
  // absent in data folders from before the PGlite socket had a password: added on start
  dbPassword: z.string().min(16).optional(),
});

/** keys.json in the data folder: generated once, regenerated only if JWT_SECRET changes. */
type StoredKeys = Required<Omit<z.infer<typeof keysSchema>, 'signingKeys'>> & { signingKeys: JWK[] };

async function loadKeys(dataDir: string, wanted?: string): Promise<StoredKeys> {
  const file = path.join(dataDir, 'keys.json');
  const newPassword = () => crypto.randomBytes(24).toString('base64url');
  if (fs.existsSync(file)) {
    const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
    const stored = keysSchema.safeParse(raw);
    if (stored.success && (wanted === undefined || stored.data.jwtSecret === wanted)) {
      if (stored.data.dbPassword && stored.data.signingKeys?.length) return stored.data as StoredKeys;
      const keys = {
        ...stored.data,
        dbPassword: stored.data.dbPassword ?? newPassword(),
        signingKeys: stored.data.signingKeys?.length ? (stored.data.signingKeys as JWK[]) : [await newSigningKey()],
      };
      // other entries (the Stripe sandbox's keys) stay
      fs.writeFileSync(file, JSON.stringify({ ...raw, ...keys }, null, 2) + '\n', { mode: 0o600 });
      return keys;
    }
  }
  const jwtSecret = wanted ?? crypto.randomBytes(32).toString('base64url');
  const keys = { jwtSecret, ...(await makeApiKeys(jwtSecret)), dbPassword: newPassword(), signingKeys: [await newSigningKey()] };
  fs.writeFileSync(file, JSON.stringify(keys, null, 2) + '\n', { mode: 0o600 });
  return keys;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** A free 127.0.0.1 port for the internal services (tests and second stacks never collide). */
// Ports picked for `port: 0` stay bound until the gateway takes them (releaseReservedPort):
// the stack starts Postgres, PostgREST and the functions first, and a port merely probed
// free can be taken meanwhile by another test file's stack (EADDRINUSE).
const reservedPorts = new Map<number, net.Server>();

async function reservePort(): Promise<number> {
  const server = net.createServer();
  server.unref();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as net.AddressInfo;
  reservedPorts.set(port, server);
  return port;
}

/** Lets go of a port loadConfig picked, right before it is listened on. */
export function releaseReservedPort(port: number): Promise<void> {
  const server = reservedPorts.get(port);
  if (!server) return Promise.resolve();
  reservedPorts.delete(port);
  return new Promise((resolve) => server.close(() => resolve()));
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
