// Units of the Stripe sandbox that need no stack: which Stripe the backend uses (env), the
// sandbox keys in keys.json, webhook signatures as the SDK checks them, billing periods, cards.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStripeConfig } from '../src/stripe-sandbox/config.ts';
import { signPayload } from '../src/stripe-sandbox/webhooks.ts';
import { addInterval } from '../src/stripe-sandbox/api/billing.ts';
import { checkCardFields, offSessionBehaviour, cardBehaviour, parseExpiry } from '../src/stripe-sandbox/cards.ts';
import { shaped } from '../src/stripe-sandbox/fixtures.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stripe-units-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('which Stripe', () => {
  it('runs the sandbox with generated keys kept in keys.json beside the backend keys', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'keys.json'), JSON.stringify({ jwtSecret: 'x'.repeat(40), anonKey: 'a', serviceRoleKey: 's' }));
    const first = loadStripeConfig(dir, {}, 54321);
    expect(first).toMatchObject({
      mode: 'sandbox',
      sandboxPort: 54330,
      secretKey: expect.stringMatching(/^sk_test_\w{20,}$/),
      webhookSecret: expect.stringMatching(/^whsec_\w{20,}$/),
    });
    expect(loadStripeConfig(dir, {}, 54321).secretKey).toBe(first.secretKey);
    const stored = JSON.parse(fs.readFileSync(path.join(dir, 'keys.json'), 'utf8')) as Record<string, string>;
    expect(stored).toMatchObject({ jwtSecret: 'x'.repeat(40), anonKey: 'a', stripeSecretKey: first.secretKey });
    expect(loadStripeConfig(dir, {}, 0).sandboxPort).toBe(0);
    expect(loadStripeConfig(dir, { STRIPE_SANDBOX_PORT: '6000', STRIPE_SANDBOX_WEBHOOK_ATTEMPTS: '3' }, 54321)).toMatchObject({
      sandboxPort: 6000,
      retry: { maxAttempts: 3 },
    });
    expect(loadStripeConfig(dir, {}, 54321, { retry: { baseMs: 5 } }).retry).toEqual({ baseMs: 5 });
  });

  it('uses real Stripe when both keys are set, and refuses one without the other', () => {
    const dir = tempDir();
    const env = { STRIPE_SECRET_KEY: 'sk_test_real123', STRIPE_WEBHOOK_SECRET: 'whsec_real123' };
    expect(loadStripeConfig(dir, env, 54321)).toMatchObject({ mode: 'stripe', secretKey: 'sk_test_real123', webhookSecret: 'whsec_real123' });
    expect(fs.existsSync(path.join(dir, 'keys.json'))).toBe(false);
    expect(() => loadStripeConfig(dir, { STRIPE_SECRET_KEY: 'sk_test_real123' }, 54321)).toThrow(/set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => loadStripeConfig(dir, { STRIPE_SECRET_KEY: 'pk_test_oops', STRIPE_WEBHOOK_SECRET: 'whsec_x' }, 54321)).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });
});

describe('webhook signatures', () => {
  it('verify with the SDK and match its test header', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'charge.succeeded', data: { object: {} } });
    const header = signPayload(payload, 'whsec_unit');
    const sdk = new Stripe('sk_test_unit');
    expect((await sdk.webhooks.constructEventAsync(payload, header, 'whsec_unit')).id).toBe('evt_1');
    await expect(sdk.webhooks.constructEventAsync(payload, header, 'whsec_other')).rejects.toThrow();
    const t = Number(/t=(\d+)/.exec(header)![1]);
    expect(sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_unit', timestamp: t })).toBe(header);
  });
});

describe('billing periods', () => {
  const at = (iso: string) => Date.parse(iso) / 1000;
  it('keep the day of the month, clamped to short months', () => {
    expect(addInterval(at('2026-01-31T10:00:00Z'), 'month', 1)).toBe(at('2026-02-28T10:00:00Z'));
    expect(addInterval(at('2028-01-31T10:00:00Z'), 'month', 1)).toBe(at('2028-02-29T10:00:00Z'));
    expect(addInterval(at('2026-11-23T12:00:00Z'), 'month', 1)).toBe(at('2026-12-23T12:00:00Z'));
    expect(addInterval(at('2026-12-23T12:00:00Z'), 'month', 1)).toBe(at('2027-01-23T12:00:00Z'));
    expect(addInterval(at('2028-02-29T00:00:00Z'), 'year', 1)).toBe(at('2029-02-28T00:00:00Z'));
  });
});

describe('cards', () => {
  const now = at('2026-11-23T12:00:00Z');
  function at(iso: string) {
    return Date.parse(iso) / 1000;
  }
  it('checks the fields before charging', () => {
    const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2030, cvc: '123' };
    expect(checkCardFields(card, now)).toBeUndefined();
    expect(checkCardFields({ ...card, number: '4242 4242 4242 4241' }, now)).toMatchObject({ field: 'number', code: 'incorrect_number' });
    expect(checkCardFields({ ...card, number: '4242' }, now)).toMatchObject({ field: 'number', code: 'incomplete_number' });
    expect(checkCardFields({ ...card, exp_month: 10, exp_year: 2026 }, now)).toMatchObject({ field: 'expiry' });
    expect(checkCardFields({ ...card, cvc: '1' }, now)).toMatchObject({ field: 'cvc' });
    expect(parseExpiry('12 / 34')).toEqual({ month: 12, year: 2034 });
    expect(parseExpiry('13/30')).toBeUndefined();
  });
  it("behave like Stripe's test cards, on and off session", () => {
    expect(cardBehaviour('4242424242424242').kind).toBe('succeeds');
    expect(cardBehaviour('4000000000000002')).toMatchObject({ kind: 'declined', decline: { code: 'card_declined', decline_code: 'generic_decline' } });
    expect(cardBehaviour('4000002500003155').kind).toBe('requires_authentication');
    expect(offSessionBehaviour('4000002500003155').kind).toBe('succeeds');
    expect(offSessionBehaviour('4000002760003184')).toMatchObject({ kind: 'declined', decline: { code: 'authentication_required' } });
    expect(cardBehaviour('4111111111111111')).toMatchObject({ kind: 'declined', decline: { decline_code: 'test_mode_live_card' } });
  });
});

describe('fixture shapes', () => {
  it("keep every key of Stripe's sample and drop its made-up values", () => {
    const refund = shaped<Record<string, unknown>>('refund', { id: 're_1', amount: 5 });
    expect(Object.keys(refund).sort()).toEqual(
      Object.keys(JSON.parse(fs.readFileSync(new URL('../src/stripe-sandbox/fixtures.json', import.meta.url), 'utf8')).refund).sort(),
    );
    expect(refund).toMatchObject({ id: 're_1', amount: 5, charge: null, destination_details: { card: { type: null }, type: null } });
  });
});
