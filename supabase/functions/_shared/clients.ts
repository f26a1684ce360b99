// Supabase clients for function handlers: one acting as the caller (their JWT, so row-level
// security decides what they may see) and one with the service key for platform-only work.
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import { parseBearer } from '@stitchhouse/shared/bearer.ts';
import { requireEnv } from './env.ts';

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } as const;

/** The caller's token (a JWT, the service key or a till key) from the request's Authorization header. */
export function bearerToken(req: Request): string | null {
  return parseBearer(req.headers.get('authorization'));
}

export function callerClient(token: string): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: noSession,
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

export function serviceClient(): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), { auth: noSession });
}

/** The signed-in person behind the request, or null for the anon key, an expired or a forged token. */
export async function signedInUser(req: Request): Promise<{ user: User; token: string } | null> {
  const token = bearerToken(req);
  if (!token) return null;
  const { data, error } = await serviceClient().auth.getUser(token);
  if (error || !data.user) return null;
  return { user: data.user, token };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}
