// The official Stripe SDK for function handlers. With STRIPE_API_URL (set by the embedded
// backend for its Stripe-compatible sandbox) the same SDK talks to that origin; without it,
// to api.stripe.com with the user's STRIPE_SECRET_KEY (test mode).
import Stripe from 'stripe';
import { env, requireEnv } from './env.ts';

let cached: { key: string; url: string; client: Stripe } | undefined;

/** Host, port and protocol of STRIPE_API_URL for the SDK; empty for real Stripe. */
export function stripeEndpoint(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** Whether payments are configured at all (the checkout answers payments_unavailable otherwise). */
export function paymentsConfigured(): boolean {
  return Boolean(env('STRIPE_SECRET_KEY'));
}

/** True when the SDK is pointed at the local sandbox rather than api.stripe.com. */
export function usingSandbox(): boolean {
  return Boolean(env('STRIPE_API_URL'));
}

/** The provider name stored on orders and events. */
export function providerName(): 'sandbox' | 'stripe' {
  return usingSandbox() ? 'sandbox' : 'stripe';
}

export function stripe(): Stripe {
  const key = requireEnv('STRIPE_SECRET_KEY');
  const url = env('STRIPE_API_URL') ?? '';
  if (cached && cached.key === key && cached.url === url) return cached.client;
  const client = new Stripe(key, {
    ...stripeEndpoint(url || undefined),
    maxNetworkRetries: 2,
    // Web-standard fetch: the same client runs under Node (embedded backend) and Deno (hosted)
    httpClient: Stripe.createFetchHttpClient(),
    appInfo: { name: 'Stitchhouse' },
  });
  cached = { key, url, client };
  return client;
}

/** Verifies the Stripe-Signature header against STRIPE_WEBHOOK_SECRET; throws when it does not match. */
export async function verifiedEvent(payload: string, signature: string | null): Promise<Stripe.Event> {
  if (!signature) throw new Error('No Stripe-Signature header');
  return stripe().webhooks.constructEventAsync(payload, signature, requireEnv('STRIPE_WEBHOOK_SECRET'), undefined, Stripe.createSubtleCryptoProvider());
}

export { Stripe };
