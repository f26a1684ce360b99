// Environment for function handlers: Deno.env, on hosted Supabase Edge Functions and in the
// embedded backend's Deno workers (which get SUPABASE_URL, SUPABASE_ANON_KEY,
// SUPABASE_SERVICE_ROLE_KEY, SITE_URL and the Stripe settings); process.env only when a unit
// test imports a helper under Node.
interface DenoEnv {
  env: { get(name: string): string | undefined };
}
interface NodeProcess {
  env: Record<string, string | undefined>;
}

export function env(name: string): string | undefined {
  const deno = (globalThis as { Deno?: DenoEnv }).Deno;
  if (deno !== undefined) return deno.env.get(name) ?? undefined;
  const proc = (globalThis as { process?: NodeProcess }).process;
  return proc?.env[name];
}

/** The site's address (SITE_URL, local default), without a trailing slash: the base of every link we mail or return to. */
export function siteUrl(): string {
  return (env('SITE_URL') || 'http://localhost:3000').replace(/\/+$/, '');
}

/** Like env(), but a missing or empty variable is a configuration error worth stopping for. */
export function requireEnv(name: string): string {
  const value = env(name);
  if (value === undefined || value === '') {
    throw new Error(`Missing environment variable ${name}: set it in the function's secrets (supabase secrets set ${name}=…)`);
  }
  return value;
}
