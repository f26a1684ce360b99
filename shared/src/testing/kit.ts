// The test kit backend tests and browser tests share: the local mail inbox, confirmed users made
// through the auth admin API, password tokens and supabase-js clients on a test backend (the
// embedded stack, or `supabase start` through SUPABASE_URL). Plain fetch and supabase-js, no test
// runner: each suite asserts in its own words. Backend tests import it by path
// (shared/src/testing/kit.ts), e2e as @stitchhouse/shared/testing/kit.ts.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** What a test needs of a backend: its URL and the two API keys. */
export interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** One message of the local inbox (/mail/api/messages), newest first. */
export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  links: string[];
  created_at: string;
}

const json = { 'content-type': 'application/json' };
const serviceHeaders = (backend: Backend) => ({ apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` });

/** The messages sent to `to`, newest first (the service key reads a protected inbox too). */
export async function inbox(backend: Backend, to: string): Promise<Mail[]> {
  const response = await fetch(`${backend.url}/mail/api/messages?to=${encodeURIComponent(to)}`, { headers: serviceHeaders(backend) });
  if (!response.ok) throw new Error(`inbox answered ${response.status}`);
  const body = (await response.json()) as Mail[] | { messages: Mail[] };
  return Array.isArray(body) ? body : body.messages;
}

/** The newest message to `to` once there are more than `already` of them (mail goes out after the request). */
export async function nextMail(backend: Backend, to: string, already = 0, timeoutMs = 10_000): Promise<Mail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const messages = await inbox(backend, to);
    if (messages.length > already) return messages[0]!;
    if (Date.now() > until) throw new Error(`no new email to ${to} within ${timeoutMs} ms`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The newest message to `to` with this subject, or an error naming what is there. */
export async function mailWithSubject(backend: Backend, to: string, subject: string): Promise<Mail> {
  const messages = await inbox(backend, to);
  const mail = messages.find((m) => m.subject === subject);
  if (!mail) throw new Error(`no "${subject}" email for ${to} (has: ${messages.map((m) => `"${m.subject}"`).join(', ') || 'nothing'})`);
  return mail;
}

/** The auth verify link of an auth email. */
export function verifyLink(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`no verify link in "${mail.subject}"`);
  return link;
}

/** The 6-digit code of an auth email. */
export function emailCode(mail: Mail): string {
  const match = /:\s*(\d{6})\b/.exec(mail.text); // "code: 123456", "Code: …", "code : …" in every language
  if (!match) throw new Error(`no code in "${mail.subject}"`);
  return match[1]!;
}

/** A confirmed account made through the admin API (fast, no email round trip); its id. */
export async function createUser(backend: Backend, email: string, password: string, metadata: Record<string, unknown> = {}): Promise<string> {
  const response = await fetch(`${backend.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { ...serviceHeaders(backend), ...json },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: metadata }),
  });
  if (!response.ok) throw new Error(`create user answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A password sign-in over the API: the session as GoTrue returns it. */
export async function passwordSession(backend: Backend, email: string, password: string): Promise<Record<string, unknown> & { access_token: string }> {
  const response = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, ...json },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown> & { access_token: string };
}

/** A signed-in user's access token. */
export async function passwordToken(backend: Backend, email: string, password: string): Promise<string> {
  return (await passwordSession(backend, email, password)).access_token;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

/** supabase-js as a visitor: anon key, its own in-memory session (nothing shared between clients). */
export function anonClient(backend: Backend, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    auth: { flowType, storage: memoryStorage(), autoRefreshToken: false, detectSessionInUrl: false, persistSession: true },
  });
}

/** supabase-js with the service key (bypasses row-level security: test set-up only). */
export function serviceClient(backend: Backend): SupabaseClient {
  return createClient(backend.url, backend.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

/** A new confirmed account, signed in: its id, email, access token and supabase-js client. */
export async function signedInPerson(
  backend: Backend,
  email: string,
  password: string,
  metadata: Record<string, unknown> = {},
): Promise<{ id: string; email: string; token: string; db: SupabaseClient }> {
  const id = await createUser(backend, email, password, metadata);
  const db = anonClient(backend);
  const { data, error } = await db.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign-in of ${email} failed: ${error?.message ?? 'no session'}`);
  return { id, email, token: data.session.access_token, db };
}

/** POST to a function as someone (their access token) or as a visitor (null: the anon key); status and JSON body. */
export async function callFunction(backend: Backend, name: string, token: string | null, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${backend.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token ?? backend.anonKey}`, ...json },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A PostgREST RPC as someone (their access token) or as a visitor (null); status and JSON body. */
export async function rpcAs(backend: Backend, token: string | null, fn: string, args: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${backend.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, authorization: `Bearer ${token ?? backend.anonKey}`, ...json },
    body: JSON.stringify(args),
  });
  return { status: response.status, body: await response.json() };
}

/** Polls `probe` every 100 ms until it gives a value (webhooks, mail and workers finish after the request). */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** supabase-js signed in with a password. */
export async function signedInClient(backend: Backend, email: string, password: string): Promise<SupabaseClient> {
  const client = anonClient(backend);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`);
  return client;
}
