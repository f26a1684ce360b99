// Supabase clients for function handlers: one acting as the caller (their JWT, so row-level
// security decides what they may see) and one with the service key for platform-only work,
// both typed with the generated Database (shared/src/database.types.ts).
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { parseBearer } from '@stitchhouse/shared/bearer.ts';
import type { Database, Json } from '@stitchhouse/shared/database.types.ts';
import { requireEnv } from './env.ts';

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** The caller's token (a JWT, the service key or a till key) from the request's Authorization header. */
export function bearerToken(req: Request): string | null {
  return parseBearer(req.headers.get('authorization'));
}

export function callerClient(token: string): SupabaseClient<Database> {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function serviceClient(): SupabaseClient<Database> {
  return createClient<Database>(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), { auth: noSession });
}

export interface SignedInUser {
  user: User;
  token: string;
  /**
   * The account has a verified authenticator app and this token was issued before its code
   * was entered (aal1). A function acting for the member answers 403 AAL2_REQUIRED then, as
   * the database refuses the same session (public.mfa_satisfied()).
   */
  needsSecondFactor: boolean;
}

/** The signed-in person behind the request, or null for the anon key, an expired or a forged token. */
export async function signedInUser(req: Request): Promise<SignedInUser | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const service = serviceClient();
  const { data, error } = await service.auth.getUser(token);
  if (error || !data.user) return null;
  const hasFactor = (data.user.factors ?? []).some((f) => f.status === 'verified');
  return { user: data.user, token, needsSecondFactor: hasFactor && !(await atSecondFactor(service, token)) };
}

/** Whether the auth server verified this token and it says aal2 (auth-js reads the level; an error counts as not). */
async function atSecondFactor(service: SupabaseClient<Database>, token: string): Promise<boolean> {
  const { data, error } = await service.auth.mfa.getAuthenticatorAssuranceLevel(token);
  return !error && data?.currentLevel === 'aal2';
}

/** The answer (403) for a member whose session has not passed the account's authenticator app yet. */
export const AAL2_REQUIRED = {
  code: 'aal2_required',
  message: 'Enter a code from your authenticator app first: this action needs a second factor.',
} as const;

/** A JSON-serialisable value (a Stripe object, a facts record) as the `jsonb` argument of an RPC: what PostgREST receives anyway. */
export function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value ?? null));
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
