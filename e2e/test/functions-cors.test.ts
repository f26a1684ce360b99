// Functions as hosted serves them: Chromium, on a page of the running shell (the
// app's own origin), calls every function the apps call from a browser, with the headers
// supabase-js's functions.invoke sends (supabase-js itself, loaded into the page) or with fetch
// as the streaming readers do (download, export, report-export). Hosted adds no CORS to Edge
// Functions, so each function must answer its preflight and put CORS on every answer itself:
//   - every call gets an answer the page can read (a CORS failure is a TypeError in the page);
//   - each preflight is the function's own answer (the handler's 200 "ok" with supabase-js's
//     corsHeaders), not the gateway's;
//   - the detector catches a function without CORS: stripe-webhook (server to server, no CORS by
//     design) called from the page must fail as a CORS failure.
// Not covered, as on hosted: the runner's own 401 for a request with no Authorization at all
// (verify_jwt) carries no CORS; supabase-js always sends one (the anon key without a session).
// Then the account export, end to end in the browser: the export screen packs the ZIP from
// /download's stamped copies, shows "n of N patterns", and the emailed one-hour link works.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox, mailWithSubject } from '@stitchhouse/shared/testing/kit.ts';
import { root, type E2EStack } from '../src/harness.ts';
import {
  PASSWORD,
  buy,
  createPerson,
  createStore,
  insertRow,
  openScreen,
  passwordSession,
  publishedPattern,
  signedInPage,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

let stack: E2EStack;
let backend: Backend;

// supabase-js as the apps have it (the shared package's): its browser build and its corsHeaders
const fromShared = createRequire(path.join(root, 'shared', 'package.json'));
const supabaseUmd = path.join(path.dirname(fromShared.resolve('@supabase/supabase-js')), 'umd', 'supabase.js');
const { corsHeaders } = fromShared('@supabase/supabase-js/cors') as { corsHeaders: Record<string, string> };

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
}, 600_000);

afterAll(async () => {
  await stack?.stop();
});

const token = async (email: string) => (await passwordSession(backend, email)).access_token as string;

/** What the page got: an answer it could read, or a failure without one (CORS, network). */
type Outcome = { ok: true; status: number; body: string; redirected: boolean; exposed: Record<string, string | null> } | { ok: false; error: string };

interface Call {
  name: string;
  /** how the apps call it */
  via: 'invoke' | 'fetch';
  fn: string;
  method?: 'GET' | 'POST';
  body?: Record<string, unknown>;
  token: string | null;
  /** the statuses that mean it worked for this call */
  expect: number[];
  /** response headers the page must be able to read */
  expose?: string[];
  /** whether the answer came through a redirect the page followed (a kept download copy's signed URL) */
  redirected?: boolean;
}

/** Runs `calls` in the page, each as the apps make it, and says what the page could read. */
async function fromPage(page: Page, calls: Call[]): Promise<Record<string, Outcome>> {
  return page.evaluate(
    async ({ calls, url, anonKey }) => {
      type Supabase = {
        createClient(
          url: string,
          key: string,
          options: unknown,
        ): {
          functions: {
            invoke(fn: string, o: unknown): Promise<{ data: unknown; error: { name: string; message: string; context?: unknown } | null; response?: Response }>;
          };
        };
      };
      const supabase = (window as unknown as { supabase: Supabase }).supabase;
      const out: Record<string, unknown> = {};
      for (const call of calls) {
        const headers: Record<string, string> = call.token ? { Authorization: `Bearer ${call.token}` } : {};
        try {
          let res: Response;
          if (call.via === 'invoke') {
            // supabase-js's own call (it adds apikey, x-client-info and content-type)
            const client = supabase.createClient(url, anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
            const { error, response } = await client.functions.invoke(call.fn, { body: call.body, headers, method: call.method ?? 'POST' });
            if (error && error.name !== 'FunctionsHttpError') throw new Error(`${error.name}: ${error.message}`);
            res = (error?.context as Response | undefined) ?? response!;
          } else {
            // as streamFunction / the report CSV reader: authorization + apikey (+ JSON)
            res = await fetch(`${url}/functions/v1/${call.fn}`, {
              method: call.method ?? 'POST',
              headers: { ...headers, apikey: anonKey, ...(call.body ? { 'content-type': 'application/json' } : {}) },
              body: call.body ? JSON.stringify(call.body) : undefined,
            });
          }
          const body = res.bodyUsed ? '' : (await res.clone().text()).slice(0, 300);
          out[call.name] = {
            ok: true,
            status: res.status,
            body,
            redirected: res.redirected,
            exposed: Object.fromEntries((call.expose ?? []).map((h) => [h, res.headers.get(h)])),
          };
        } catch (error) {
          out[call.name] = { ok: false, error: String(error) };
        }
      }
      return out;
    },
    { calls, url: backend.url, anonKey: backend.anonKey },
  ) as Promise<Record<string, Outcome>>;
}

/** A page of the running shell with supabase-js loaded into it (the CSP is bypassed for that script only; CORS is not a CSP matter). */
async function shellPage(): Promise<Page> {
  const context = await stack.browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto(`${stack.shellUrl}/about`);
  await page.addScriptTag({ path: supabaseUmd });
  await page.waitForFunction(() => typeof (window as unknown as { supabase?: unknown }).supabase === 'object');
  return page;
}

const serviceHeaders = () => ({ apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' });

describe("every function the apps call works from the app's origin, with its own CORS", () => {
  it('answers each call with CORS the page can read, answers its own preflight, and a function without CORS is caught', async () => {
    // The scene: a designer's store and pattern, a buyer who owns it, a shop, an operator, applications to review.
    const designer = await createPerson(backend, 'designer', 'Dana Designer');
    const store = await createStore(backend, designer.id, 'Dana Patterns');
    const pattern = await publishedPattern(backend, store.id, 'Harbour Wrap Dress');
    const cart = await publishedPattern(backend, store.id, 'Quay Coat');
    const buyer = await createPerson(backend, 'buyer', 'Zoë Buyer');
    await buy(backend, buyer.id, pattern.id, store.id);
    const operator = await createPerson(backend, 'operator', 'Olga Operator');
    await insertRow(backend, 'user_roles', { user_id: operator.id, role: 'operator' });
    const applicant = await createPerson(backend, 'applicant', 'Arne Applicant');
    const wholesale = await insertRow(backend, 'wholesale_accounts', {
      user_id: applicant.id,
      business_name: 'Quay Fabrics Ltd',
      tax_id: 'IE1234567T',
      address_line1: '1 Quay Street',
      city: 'Galway',
      postal_code: 'H91 X2Y3',
      country: 'IE',
      status: 'pending',
    });
    const partner = await insertRow(backend, 'partner_applications', {
      user_id: applicant.id,
      kind: 'supplier',
      company: 'Quay Kits',
      website: 'https://quay.test',
      status: 'pending',
    });
    const throwaway = await createPerson(backend, 'throwaway', 'Tess Throwaway');
    const [tDesigner, tBuyer, tOperator, tThrowaway] = await Promise.all([
      token(designer.email),
      token(buyer.email),
      token(operator.email),
      token(throwaway.email),
    ]);
    const today = new Date().toISOString().slice(0, 10);

    const calls: Call[] = [
      {
        name: 'download (mf-catalog, GET)',
        via: 'fetch',
        fn: `download/${pattern.id}?format=a4`,
        method: 'GET',
        token: tBuyer,
        expect: [200],
        expose: ['content-disposition', 'content-length'],
      },
      // the buyer's copy is kept after the first download: each of these is a 302 to its signed storage URL, which the page follows
      {
        name: 'download (the export, POST)',
        via: 'fetch',
        fn: 'download',
        body: { pattern_id: pattern.id, format: 'a4' },
        token: tBuyer,
        expect: [200],
        redirected: true,
      },
      {
        name: 'download again (mf-catalog, GET: the kept copy)',
        via: 'fetch',
        fn: `download/${pattern.id}?format=a4`,
        method: 'GET',
        token: tBuyer,
        expect: [200],
        expose: ['content-disposition', 'content-length'],
        redirected: true,
      },
      { name: 'download refused (not owned)', via: 'fetch', fn: `download/${cart.id}?format=a4`, method: 'GET', token: tBuyer, expect: [403] },
      { name: 'export (the plan)', via: 'fetch', fn: 'export', body: {}, token: tBuyer, expect: [200], expose: ['x-export-skipped'] },
      // no session: the anon key as the bearer, as supabase-js sends it (the function's own 401, with CORS)
      { name: 'export refused (no session)', via: 'fetch', fn: 'export', body: {}, token: backend.anonKey, expect: [401] },
      {
        name: 'report-export (mf-partners CSV)',
        via: 'fetch',
        fn: `report-export?report=sales&from=2020-01-01&to=${today}`,
        method: 'GET',
        token: tDesigner,
        expect: [200],
        expose: ['content-disposition'],
      },
      {
        name: 'invoice (mf-payments PDF; an order that is not theirs)',
        via: 'fetch',
        fn: `invoice?order_id=${crypto.randomUUID()}`,
        method: 'GET',
        token: tBuyer,
        expect: [404],
      },
      { name: 'pattern-updated', via: 'invoke', fn: 'pattern-updated', body: { pattern_id: pattern.id, version: 99 }, token: tDesigner, expect: [404] },
      // no master uploaded: the function's own 404 master_missing, with CORS
      {
        name: 'pattern-formats',
        via: 'invoke',
        fn: 'pattern-formats',
        body: { pattern_id: pattern.id, step: 'check', master_version: 99 },
        token: tDesigner,
        expect: [404],
      },
      {
        name: 'wholesale-review',
        via: 'invoke',
        fn: 'wholesale-review',
        body: { application_id: wholesale.id, decision: 'approve' },
        token: tOperator,
        expect: [200],
      },
      {
        name: 'partner-review',
        via: 'invoke',
        fn: 'partner-review',
        body: { application_id: partner.id, decision: 'approve' },
        token: tOperator,
        expect: [200],
      },
      {
        name: 'checkout (a priced cart)',
        via: 'invoke',
        fn: 'checkout',
        body: { items: [{ pattern_id: cart.id, quantity: 1 }], country: 'DE', preview: true },
        token: tBuyer,
        expect: [200],
      },
      {
        name: 'billing (the plan portal)',
        via: 'invoke',
        fn: 'billing',
        body: { action: 'portal', store_id: store.id },
        token: tDesigner,
        expect: [200, 400, 404, 409],
      },
      { name: 'refund (an order that is not there)', via: 'invoke', fn: 'refund', body: { order_id: crypto.randomUUID() }, token: tBuyer, expect: [404] },
      { name: 'payout-account (an onboarding link)', via: 'invoke', fn: 'payout-account', body: { action: 'onboard' }, token: tDesigner, expect: [200] },
      {
        name: 'newsletter/subscribe (the shell, a visitor)',
        via: 'invoke',
        fn: 'newsletter/subscribe',
        body: { email: `reader-${Date.now()}@e2e.stitchhouse.test` },
        token: null,
        expect: [202],
      },
      {
        name: 'pos-import (mf-partners)',
        via: 'invoke',
        fn: 'pos-import',
        body: { store_id: store.id, rows: [] },
        token: tDesigner,
        expect: [200, 400, 403, 422],
      },
      { name: 'delete-account (a throwaway account)', via: 'invoke', fn: 'delete-account', body: { password: PASSWORD }, token: tThrowaway, expect: [200] },
    ];
    const page = await shellPage();
    const outcomes = await fromPage(page, calls);
    const problems: string[] = [];
    for (const call of calls) {
      const outcome = outcomes[call.name]!;
      if (!outcome.ok) problems.push(`${call.name}: the page could not read the answer (${outcome.error})`);
      else if (!call.expect.includes(outcome.status)) problems.push(`${call.name}: ${outcome.status} ${outcome.body}`);
      else if (call.redirected !== undefined && outcome.redirected !== call.redirected) problems.push(`${call.name}: redirected ${outcome.redirected}`);
      else for (const [header, value] of Object.entries(outcome.exposed)) if (value === null) problems.push(`${call.name}: the page cannot read ${header}`);
    }
    expect.soft(problems).toEqual([]);
    // The throwaway account is gone (its goodbye mail says so), the others are not.
    expect((await inbox(backend, throwaway.email)).length).toBeGreaterThan(0);

    // Each preflight is the function's own answer: the handler's 200 "ok" with supabase-js's corsHeaders
    // (the gateway would answer 204 with whatever the browser asked for).
    const names = [...new Set(calls.map((c) => c.fn.split(/[/?]/)[0]!))];
    const preflights: string[] = [];
    for (const name of names) {
      const res = await fetch(`${backend.url}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: {
          origin: stack.shellUrl,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, x-client-info, apikey, content-type',
        },
      });
      const body = await res.text();
      const allowHeaders = res.headers.get('access-control-allow-headers') ?? '';
      if (res.status !== 200 || body !== 'ok') preflights.push(`${name}: ${res.status} "${body}" (not the function's answer)`);
      else if (res.headers.get('access-control-allow-origin') !== corsHeaders['Access-Control-Allow-Origin'])
        preflights.push(`${name}: allow-origin ${res.headers.get('access-control-allow-origin')}`);
      else if (!allowHeaders.startsWith(corsHeaders['Access-Control-Allow-Headers']))
        preflights.push(`${name}: allow-headers "${allowHeaders}" are not supabase-js's`);
    }
    expect.soft(preflights).toEqual([]);

    // The detector: a function without CORS (the Stripe webhook, server to server) fails from the page.
    const without = await fromPage(page, [{ name: 'stripe-webhook', via: 'fetch', fn: 'stripe-webhook', body: { id: 'evt_x' }, token: null, expect: [] }]);
    expect
      .soft(without['stripe-webhook'], 'a function without CORS must fail from the page')
      .toMatchObject({ ok: false, error: expect.stringMatching(/Failed to fetch/) });
    await page.context().close();
  });
});

describe('the account export in the browser', () => {
  it('packs every owned pattern from /download with progress, then emails a one-hour link to the same ZIP', async () => {
    const designer = await createPerson(backend, 'designer', 'Eda Exporter');
    const store = await createStore(backend, designer.id, 'Eda Patterns');
    const buyer = await createPerson(backend, 'maker', 'Mila Maker');
    const titles = ['Anchor Apron', 'Buoy Blouse', 'Cove Coat', 'Dune Dress', 'Eddy Skirt'];
    for (const title of titles) {
      const p = await publishedPattern(backend, store.id, title, 1);
      await buy(backend, buyer.id, p.id, store.id);
    }
    const { page, errors, context } = await signedInPage(stack, backend, buyer.email);
    const progress: string[] = [];
    await page.exposeFunction('recordProgress', (text: string) => progress.push(text));
    await openScreen(stack, page, '/account');
    await page.evaluate(() => {
      new MutationObserver(() => {
        const text = document.querySelector('#export-title')?.closest('section')?.querySelector('progress')?.getAttribute('aria-valuetext');
        if (text) (window as unknown as { recordProgress(t: string): void }).recordProgress(text);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByRole('button', { name: 'Export my account' }).click();
    await page.getByText('Your export is ready').waitFor({ timeout: 120_000 });
    await page.getByText(/We emailed you a link to it/).waitFor({ timeout: 60_000 });
    expect(progress).toContain('5 of 5 patterns');
    expect(progress.some((p) => /^[0-4] of 5 patterns$/.test(p))).toBe(true);
    await page.getByText('5 patterns, stamped for you').waitFor();

    // The ZIP the page made (saved through the link) is the one behind the emailed link.
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /Save stitchhouse-export\.zip/ }).click()]);
    expect(saved.suggestedFilename()).toBe('stitchhouse-export.zip');
    const fromPageBytes = await readFile((await saved.path())!);
    const mail = await mailWithSubject(backend, buyer.email, 'Your Stitchhouse export is ready');
    const link = mail.links.find((l) => l.includes('/storage/v1/object/sign/account-exports/'))!;
    const viaLink = Buffer.from(await (await fetch(link)).arrayBuffer());
    expect(viaLink.equals(fromPageBytes)).toBe(true);
    expect(fromPageBytes.subarray(0, 2).toString()).toBe('PK');
    // Every copy was a recorded download of that pattern.
    const downloads = await fetch(`${backend.url}/rest/v1/downloads?select=pattern_id&user_id=eq.${buyer.id}`, { headers: serviceHeaders() });
    expect(((await downloads.json()) as unknown[]).length).toBe(titles.length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
