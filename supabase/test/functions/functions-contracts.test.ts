// Functions as hosted Supabase runs them, and their wires held to shared/src/contracts:
// - the gateway adds no CORS to /functions/v1 (hosted adds none): every function the apps call
//   answers its own preflight and puts CORS on every answer, errors included; webhooks get none;
//   rest/auth/storage keep the gateway's CORS, as Supabase's Kong adds it;
// - every function answers the one error shape { error: { code, message, details } };
// - real answers (real tokens, the running stack) parse with the contract's schemas, so a function
//   and the remote that reads it cannot drift apart unnoticed;
// - the `reports` table holds the slugs of the one list of reports.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsHeaders } from '@supabase/supabase-js/cors';
import { errorEnvelope } from '../../../shared/src/contracts/envelope.ts';
import { downloadError, downloadResponseHeaders, DOWNLOAD_ERRORS } from '../../../shared/src/contracts/download.ts';
import { checkoutError } from '../../../shared/src/contracts/checkout.ts';
import { REPORT_SLUGS, reportExportError, reportExportResponseHeaders } from '../../../shared/src/contracts/report-export.ts';
import { billingError } from '../../../shared/src/contracts/billing.ts';
import { deleteAccountError } from '../../../shared/src/contracts/delete-account.ts';
import { newsletterError, subscribeResponse } from '../../../shared/src/contracts/newsletter.ts';
import { patternUpdatedError } from '../../../shared/src/contracts/pattern-updated.ts';
import { patternFormatsError } from '../../../shared/src/contracts/pattern-formats.ts';
import { payoutAccountError, payoutStatusResponse } from '../../../shared/src/contracts/payout-account.ts';
import { posCatalogError } from '../../../shared/src/contracts/pos-catalog.ts';
import { posImportError } from '../../../shared/src/contracts/pos-import.ts';
import { posSalesError } from '../../../shared/src/contracts/pos-sales.ts';
import { refundError } from '../../../shared/src/contracts/refund.ts';
import { reviewError } from '../../../shared/src/contracts/review.ts';
import { describeError } from '../../../shared/src/errors.ts';
import { makePatternPdf } from '../catalog-own-pdf.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import { signedInMember, storeWithPattern, type Member } from '../../../backend/test/members.ts';

let stack: TestStack;
let designer: Member;
let stranger: Member;
let patternId: string;

const functionsDir = path.resolve(import.meta.dirname, '../../functions');
const FUNCTIONS = fs
  .readdirSync(functionsDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
  .map((e) => e.name);
/** Server to server (Stripe signs its calls): no browser, so no CORS. */
const SERVER_ONLY = new Set(['stripe-webhook']);
/** Read with GET only (a file: the report's CSV, the invoice's PDF). */
const GET_ONLY = new Set(['report-export', 'invoice']);
const BROWSER = FUNCTIONS.filter((name) => !SERVER_ONLY.has(name));
const ORIGIN = 'http://localhost:3000';

const fn = (name: string, init: RequestInit = {}) => fetch(`${stack.url}/functions/v1/${name}`, init);
const headersOf = (res: Response) => Object.fromEntries(res.headers.entries());
const asMember = (who: Member | null, more: Record<string, string> = {}) => ({
  apikey: stack.anonKey,
  authorization: `Bearer ${who?.token ?? stack.anonKey}`,
  origin: ORIGIN,
  ...more,
});

beforeAll(async () => {
  stack = await startTestStack({ seed: false });
  [designer, stranger] = await Promise.all([signedInMember(stack, 'designer', 'Dana Designer'), signedInMember(stack, 'stranger', 'Sam Stranger')]);
  ({ patternId } = await storeWithPattern(designer, 'contracts'));
  const pdf = await makePatternPdf('Harbour Wrap Dress', 1);
  const { data: store } = await designer.db.from('patterns').select('store_id').eq('id', patternId).single();
  const up = await designer.db.storage.from('pattern-files').upload(`${store!.store_id}/${patternId}/a4/v1.pdf`, pdf, { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const attached = await designer.db.rpc('attach_pattern_file', {
    pattern_id: patternId,
    format: 'a4',
    version: 1,
    size_bytes: pdf.byteLength,
    sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
    changes: '',
  });
  if (attached.error) throw attached.error;
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe('CORS is the functions’ own, as on hosted', () => {
  it('lists every function', () => {
    expect(BROWSER.length).toBeGreaterThan(10);
    expect(BROWSER).toEqual(
      expect.arrayContaining(['download', 'export', 'report-export', 'delete-account', 'pattern-updated', 'wholesale-review', 'partner-review']),
    );
  });

  it.each(BROWSER)('%s answers the browser’s preflight itself with supabase-js’s corsHeaders (and the apps’ x-deployment-id)', async (name) => {
    const res = await fn(name, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, apikey, content-type, x-client-info, x-deployment-id',
      },
    });
    // the function answers the preflight itself (supabase-js's "ok"), not the gateway (whose Hono cors would send a 204 with no body)
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('ok');
    const headers = headersOf(res);
    expect(headers['access-control-allow-origin']).toBe(corsHeaders['Access-Control-Allow-Origin']);
    expect(headers['access-control-allow-methods']).toBe(corsHeaders['Access-Control-Allow-Methods']);
    const allowed = headers['access-control-allow-headers']!.split(',').map((h) => h.trim());
    expect(allowed).toEqual(expect.arrayContaining([...corsHeaders['Access-Control-Allow-Headers']!.split(', '), 'x-deployment-id']));
    // the gateway adds nothing: its max-age (86400) is not there
    expect(headers['access-control-max-age']).toBeUndefined();
  });

  it.each(BROWSER)('%s refuses a signed-out or wrong call in the one error shape, with CORS on the refusal', async (name) => {
    const res = await fn(name, { method: 'PUT', headers: asMember(null, { 'content-type': 'application/json' }), body: '{}' });
    expect(res.status, name).toBe(405);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('allow')).toMatch(/OPTIONS/);
    const body = errorEnvelope.parse(await res.json());
    expect(body.error).toMatchObject({ code: 'method_not_allowed', details: { allowed: expect.any(Array) } });
  });

  it('the Stripe webhook (server to server) answers the one error shape with no CORS at all: the gateway adds none', async () => {
    const preflight = await fn('stripe-webhook', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(405);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(errorEnvelope.parse(await preflight.json()).error.code).toBe('method_not_allowed');
    const unsigned = await fn('stripe-webhook', { method: 'POST', headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    expect(unsigned.headers.get('access-control-allow-origin')).toBeNull();
    expect(errorEnvelope.parse(await unsigned.json()).error.code).toBe('invalid_signature');
  });

  it('a function that does not exist gets no CORS from the gateway either', async () => {
    const res = await fn('no-such-function', { method: 'OPTIONS', headers: { origin: ORIGIN, 'access-control-request-method': 'POST' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('REST, auth and storage keep the gateway’s CORS, as Supabase’s Kong adds it', async () => {
    for (const route of ['/rest/v1/patterns', '/auth/v1/token?grant_type=password', '/storage/v1/object/list/pattern-files']) {
      const res = await fetch(`${stack.url}${route}`, {
        method: 'OPTIONS',
        headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey' },
      });
      expect(res.headers.get('access-control-allow-origin'), route).toBe('*');
    }
  });
});

describe('answers parse with their contracts', () => {
  it('download: the PDF’s headers, and each refusal with its details', async () => {
    const ok = await fn(`download/${patternId}?format=a4`, { headers: asMember(designer) });
    expect(ok.status).toBe(200);
    downloadResponseHeaders.parse(headersOf(ok));
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    await ok.arrayBuffer();

    const cases: Array<[Member | null, string, keyof typeof DOWNLOAD_ERRORS]> = [
      [null, `${patternId}?format=a4`, 'not_signed_in'],
      [stranger, `${patternId}?format=a4`, 'not_owned'],
      [designer, `${patternId}?format=poster`, 'bad_request'],
      [designer, `${patternId}?format=a4&expires=${Math.floor(Date.now() / 1000) - 60}`, 'link_expired'],
      [designer, `${patternId}?format=a0`, 'file_missing'],
    ];
    for (const [who, query, code] of cases) {
      const res = await fn(`download/${query}`, { headers: asMember(who) });
      expect({ query, status: res.status }).toEqual({ query, status: DOWNLOAD_ERRORS[code].status });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      const body = downloadError.parse(await res.json());
      expect(body.error.code).toBe(code);
      // what a screen shows: the function's own words
      expect(describeError(body, res.status)).toMatchObject({ code, message: body.error.message });
    }
  });

  it('checkout: refusals carry the contract’s codes and details', async () => {
    const call = async (who: Member | null, body: unknown) => {
      const res = await fn('checkout', { method: 'POST', headers: asMember(who, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      return { status: res.status, body: checkoutError.parse(await res.json()) };
    };
    expect(await call(null, { items: [], country: 'DE' })).toMatchObject({ status: 401, body: { error: { code: 'not_signed_in', details: null } } });
    expect(await call(designer, { items: [], country: 'DE', preview: true })).toMatchObject({ status: 400, body: { error: { code: 'empty_cart' } } });
    const invalid = await call(designer, { items: 'all of them', country: 'DE' });
    expect(invalid).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: 'items must be a list of cart lines' } } });
    expect(invalid.body.error.details).toEqual({ issues: [{ path: 'items', message: 'items must be a list of cart lines' }] });
    const own = await call(designer, { items: [{ pattern_id: patternId, quantity: 1 }], country: 'DE', preview: true });
    expect(own).toMatchObject({ status: 400, body: { error: { code: 'own_pattern', details: { pattern_ids: [patternId] } } } });
  });

  it('report-export: the CSV’s headers and the refusals', async () => {
    const ok = await fn('report-export?report=sales&from=2026-10-01&to=2026-10-31', { headers: asMember(designer) });
    expect(ok.status).toBe(200);
    reportExportResponseHeaders.parse(headersOf(ok));
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/x-report-rows/);
    expect((await ok.text()).split('\r\n')[0]).toMatch(/^order_number,sold_at,/);
    for (const [query, status, code] of [
      ['report=sales&from=2026-10-31&to=2026-10-01', 400, 'invalid_request'],
      ['report=no-such-report&from=2026-10-01&to=2026-10-31', 404, 'unknown_report'],
      ['report=platform-totals&from=2026-10-01&to=2026-10-31', 403, 'not_allowed'],
    ] as const) {
      const res = await fn(`report-export?${query}`, { headers: asMember(designer) });
      expect({ query, status: res.status }).toEqual({ query, status });
      expect(reportExportError.parse(await res.json()).error.code).toBe(code);
    }
  });

  it.each(BROWSER.filter((name) => !name.startsWith('pos-') && name !== 'newsletter'))(
    '%s: a signed-out call is not_signed_in in the one shape',
    async (name) => {
      const method = GET_ONLY.has(name) ? 'GET' : 'POST';
      const res = await fn(name, { method, headers: asMember(null, { 'content-type': 'application/json' }), body: method === 'GET' ? undefined : '{}' });
      expect(res.status, name).toBe(401);
      expect(errorEnvelope.parse(await res.json()).error).toMatchObject({ code: 'not_signed_in', details: null });
    },
  );

  it('the till API (pos-*) refuses a missing key in the one shape, with its documented headers', async () => {
    for (const name of ['pos-catalog', 'pos-sales']) {
      const res = await fn(name, {
        method: name === 'pos-catalog' ? 'GET' : 'POST',
        headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
        body: name === 'pos-catalog' ? undefined : '{}',
      });
      expect(res.status, name).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(res.headers.get('access-control-expose-headers')).toMatch(/retry-after/);
      expect((name === 'pos-catalog' ? posCatalogError : posSalesError).parse(await res.json()).error.code).toBe('missing_key');
    }
    const notYours = await fn('pos-import', {
      method: 'POST',
      headers: asMember(stranger, { 'content-type': 'application/json' }),
      body: JSON.stringify({ store_id: crypto.randomUUID(), rows: [{ pattern_id: patternId, quantity: '1' }] }),
    });
    expect(notYours.status).toBe(403);
    expect(posImportError.parse(await notYours.json()).error.code).toBe('not_your_shop');
  });

  it('the other functions’ answers and refusals parse with their contracts', async () => {
    const post = async (name: string, who: Member | null, body: unknown) => {
      const res = await fn(name, { method: 'POST', headers: asMember(who, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
      expect(res.headers.get('access-control-allow-origin'), name).toBe('*');
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const subscribed = await post('newsletter/subscribe', null, { email: `contracts-${crypto.randomUUID().slice(0, 8)}@example.test` });
    expect(subscribed.status).toBe(202);
    subscribeResponse.parse(subscribed.body);
    const badEmail = await post('newsletter/subscribe', null, { email: 'not an address' });
    expect(newsletterError.parse(badEmail.body).error).toMatchObject({ code: 'invalid_email', details: { issues: [{ path: 'email' }] } });
    expect(newsletterError.parse((await post('newsletter/confirm', null, { token: 'nope' })).body).error.code).toBe('invalid_token');

    expect(deleteAccountError.parse((await post('delete-account', stranger, { password: 'not-the-password' })).body).error.code).toBe('wrong_password');
    expect(deleteAccountError.parse((await post('delete-account', stranger, {})).body).error.code).toBe('bad_request');
    expect(patternUpdatedError.parse((await post('pattern-updated', stranger, { pattern_id: patternId, version: 1 })).body).error.code).toBe('not_found');
    expect(
      patternFormatsError.parse((await post('pattern-formats', stranger, { pattern_id: patternId, step: 'check', master_version: 1 })).body).error.code,
    ).toBe('not_found');
    expect(patternFormatsError.parse((await post('pattern-formats', stranger, { pattern_id: patternId, step: 'melt' })).body).error.code).toBe('bad_request');
    expect(refundError.parse((await post('refund', stranger, { order_id: crypto.randomUUID() })).body).error.code).toMatch(/^(not_found|forbidden)$/);
    expect(billingError.parse((await post('billing', stranger, { action: 'refund-everything' })).body).error.code).toBe('invalid_request');
    expect(payoutAccountError.parse((await post('payout-account', stranger, { action: 'cash' })).body).error.code).toBe('invalid_request');
    const status = await post('payout-account', stranger, { action: 'status' });
    expect(status.status, JSON.stringify(status.body)).toBe(200);
    payoutStatusResponse.parse(status.body);
    for (const name of ['wholesale-review', 'partner-review']) {
      const refused = await post(name, stranger, { application_id: crypto.randomUUID(), decision: 'approve' });
      expect(reviewError.parse(refused.body).error.code, name).toBe('forbidden');
    }
  });

  it('the reports table offers exactly the one list of reports', async () => {
    const { rows } = await stack.pool.query<{ slug: string }>('select slug from public.reports order by slug');
    expect(rows.map((r) => r.slug)).toEqual([...REPORT_SLUGS].sort());
  });
});
