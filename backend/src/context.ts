// The pieces every embedded service (auth, storage, functions, mail) is built from.
// Services are Hono apps created from a ServiceContext and mounted by the gateway.
import type pg from 'pg';
import type { StripeConfig } from './stripe-sandbox/config.ts';
import type { BodyLimits } from './body-limits.ts';
import type { AuthSettings } from './auth/settings.ts';

export interface BackendConfig {
  /** Port the gateway listens on (127.0.0.1). */
  port: number;
  /** Public origin of the gateway, e.g. http://localhost:54321 */
  apiExternalUrl: string;
  /** Default site the email links send people back to, e.g. http://localhost:3000 */
  siteUrl: string;
  /** Extra redirect targets allowed besides siteUrl (glob patterns like http://localhost:*) */
  redirectAllowList: string[];
  /** Folder for PGlite data, stored files and generated keys. */
  dataDir: string;
  /** When set, a real PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** HS256 secret shared by auth, PostgREST and storage (≥ 32 chars). */
  jwtSecret: string;
  /** Signing keys of user sessions (ES256, RS256 or HS256 "oct"), private JWKs, the first signs (keys.json or config.toml's signing_keys_path). */
  signingKeys?: import('jose').JWK[];
  /** ES256 (default): sessions signed with signingKeys, in each key's alg; HS256 (JWT_SIGNING_ALGORITHM=HS256): with jwtSecret. */
  jwtAlgorithm?: 'ES256' | 'HS256';
  anonKey: string;
  serviceRoleKey: string;
  /** Password of the PGlite socket's user postgres (generated into keys.json; unused with databaseUrl). */
  dbPassword?: string;
  /** Access-token lifetime in seconds (GoTrue JWT_EXP). */
  jwtExpiry: number;
  /** Email links and codes lifetime in seconds (GoTrue MAILER_OTP_EXP). */
  otpExpiry: number;
  /** Minimum seconds between two emails of the same kind to one address (GoTrue SMTP_MAX_FREQUENCY). */
  emailMinInterval: number;
  /** smtp://user:pass@host:port — when set, mail is also sent for real. */
  smtpUrl?: string;
  /** Stripe for the functions: the embedded sandbox, or real Stripe with the user's keys (stripe-sandbox/config.ts). */
  stripe?: StripeConfig;
  /** Serve the local inbox (/mail): MAIL_INBOX, default on, always off when smtpUrl is set. */
  mailInbox?: boolean;
  /** Request body limits by route (body-limits.ts; BODY_LIMIT_* env). */
  bodyLimits?: Partial<BodyLimits>;
  /** Proxies (IPs or CIDRs) whose X-Forwarded-For is believed; none = the socket's peer is the client. */
  trustedProxies?: string[];
  /** The gateway's shared cache of anonymous catalog reads (public-cache.ts); false: none. */
  publicCache?: import('./public-cache.ts').PublicCacheOptions | false;
  /** Seconds a rotated refresh token may still be replayed (GoTrue SECURITY_REFRESH_TOKEN_REUSE_INTERVAL). */
  refreshTokenReuseInterval?: number;
  /** Email change confirmed by both addresses (GoTrue MAILER_SECURE_EMAIL_CHANGE_ENABLED, default true). */
  secureEmailChange?: boolean;
  /** supabase/config.toml's [auth] (auth/settings.ts): sign-ups, confirmations, passwords, limits, MFA. */
  auth?: AuthSettings;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface Logger {
  info(service: string, message: string): void;
  error(service: string, message: string, err?: unknown): void;
}

export interface ServiceContext {
  config: BackendConfig;
  /** Pool of connections to Postgres (through the PGlite socket, or DATABASE_URL). Superuser. */
  pool: pg.Pool;
  mail: Mailer;
  log: Logger;
}
