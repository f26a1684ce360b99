// Emails in the recipient's language, through the real functions, mail API and the
// Stripe sandbox: a guest's receipt in the language they checked out in (orders.locale), a member's
// saved profiles.locale winning over it, an operator's decision in the applicant's language, the
// newsletter's confirmation in the page's language; a language the product does not speak is refused
// with a readable error and changes nothing.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHelpers, newEmail } from '../../../backend/test/auth-client.ts';
import { startTestStack, type TestStack } from '../../../backend/test/harness.ts';
import * as kit from '../../../shared/src/testing/kit.ts';

let stack: TestStack;
const h = authHelpers(() => stack);
const storeId = crypto.randomUUID();
const patternId = crypto.randomUUID();

async function sql(text: string, values: unknown[] = []) {
  return (await stack.pool.query(text, values)).rows;
}

async function call(name: string, token: string, body: unknown) {
  const res = await fetch(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function member(tag: string): Promise<{ c: SupabaseClient; id: string; email: string; token: string }> {
  const email = await h.signUpConfirmed(newEmail(tag));
  const c = await h.signedIn(email);
  const { data } = await c.auth.getSession();
  return { c, id: data.session!.user.id, email, token: data.session!.access_token };
}

/** Checks out the one pattern as `token` and pays it in the sandbox; the paid order's number. */
async function buy(token: string, extra: Record<string, unknown>): Promise<number> {
  const res = await call('checkout', token, { items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }], country: 'DE', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const [order] = await sql('select provider_session_id, number, locale from public.orders where id = $1', [res.body.order_id]);
  const paid = await fetch(`${stack.stripe!.url}/_sandbox/checkout/${order!.provider_session_id}/pay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.stripe!.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: '4242424242424242' }),
  }).then((r) => r.json() as Promise<{ status: string }>);
  expect(paid.status).toBe('succeeded');
  return order!.number as number;
}

beforeAll(async () => {
  stack = await startTestStack({ emailMinInterval: 0 });
  const designer = await member('designer');
  await sql(`insert into public.stores (id, owner_id, slug, kind, name, currency) values ($1, $2, 'sprachen-atelier', 'designer', 'Sprachen Atelier', 'EUR')`, [
    storeId,
    designer.id,
  ]);
  await sql(
    `insert into public.patterns (id, store_id, title, craft, category, status, price_cents, currency) values ($1, $2, 'Kleid Marlene', 'sewing', 'dress', 'published', 1400, 'EUR')`,
    [patternId, storeId],
  );
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

describe('emails in the recipient’s language', () => {
  it('a guest’s receipt is in the language they checked out in; a bad language is refused and no order is made', async () => {
    const guest = h.client();
    const { data } = await guest.auth.signInAnonymously();
    const token = data.session!.access_token;
    const before = (await sql('select count(*)::int as n from public.orders'))[0]!.n;
    const bad = await call('checkout', token, {
      items: [{ pattern_id: patternId, quantity: 1, kind: 'digital' }],
      country: 'DE',
      email: newEmail('x'),
      locale: 'xx',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/locale must be one of en, de, fr, es, nl/);
    expect((await sql('select count(*)::int as n from public.orders'))[0]!.n).toBe(before);

    const email = newEmail('gast');
    const number = await buy(token, { email, locale: 'nl' });
    expect((await sql('select locale from public.orders where number = $1', [number]))[0]!.locale).toBe('nl');
    const receipt = await kit.waitFor('the Dutch receipt', async () => (await h.inbox(email)).find((m) => m.text.includes(String(number))));
    expect(receipt.subject).toBe(`Je Stitchhouse-bon – bestelling ${number}`);
    expect(receipt.text).toContain(`Bedankt voor je bestelling ${number}`);
    expect(receipt.text).toContain('€\u00a014,00'); // Dutch money: € 14,00
  });

  it('a member’s saved language wins over the page they checked out from', async () => {
    const buyer = await member('kaeuferin');
    expect((await buyer.c.from('profiles').update({ locale: 'de' }).eq('id', buyer.id)).error).toBeNull();
    const number = await buy(buyer.token, { locale: 'fr' });
    const receipt = await kit.waitFor('the German receipt', async () => (await h.inbox(buyer.email)).find((m) => m.text.includes(String(number))));
    expect(receipt.subject).toBe(`Deine Stitchhouse-Quittung – Bestellung ${number}`);
    expect(receipt.text).toContain('Deine Schnittmuster liegen in deiner Bibliothek');
  });

  it('an operator’s decision reaches the applicant in the applicant’s language', async () => {
    const shop = await member('boutique');
    await shop.c.from('profiles').update({ locale: 'fr' }).eq('id', shop.id).throwOnError();
    const { data: row } = await shop.c
      .from('wholesale_accounts')
      .insert({
        business_name: 'Mercerie du Port',
        tax_id: 'FR 40 303 265 045',
        address_line1: '1 quai Nord',
        city: 'Nantes',
        postal_code: '44000',
        country: 'FR',
      })
      .select('id')
      .single()
      .throwOnError();
    const op = await member('operatrice');
    await sql(`insert into public.user_roles (user_id, role) values ($1, 'operator')`, [op.id]);
    const reviewed = await call('wholesale-review', op.token, {
      application_id: (row as { id: string }).id,
      decision: 'reject',
      reason: 'Le numéro de TVA est celui d’une autre entreprise.',
    });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    const mail = await kit.waitFor('the French decision', async () => (await h.inbox(shop.email)).find((m) => m.subject.includes('vente en gros')));
    expect(mail.subject).toBe('Votre demande de vente en gros n’a pas été acceptée');
    expect(mail.text).toContain('Motif : Le numéro de TVA est celui d’une autre entreprise.');
  });

  it('auth emails follow the saved language: a sign-up in French is confirmed in French and saves fr; a profile set to Spanish gets its sign-in link in Spanish', async () => {
    const email = newEmail('inscription');
    const { error } = await h.client().auth.signUp({ email, password: 'a long pattern-cutting password 7', options: { data: { locale: 'fr' } } });
    expect(error).toBeNull();
    const confirm = await kit.waitFor('the French confirmation', async () => (await h.inbox(email))[0]);
    expect(confirm.subject).toBe('Confirmez votre compte Stitchhouse');
    expect(confirm.text).toContain('Ou saisissez ce code : ');
    expect(kit.emailCode(confirm)).toMatch(/^\d{6}$/);
    const [profile] = await sql('select p.locale from public.profiles p join auth.users u on u.id = p.id where u.email = $1', [email]);
    expect(profile!.locale).toBe('fr');

    const maker = await member('tejedora');
    await maker.c.from('profiles').update({ locale: 'es' }).eq('id', maker.id).throwOnError();
    expect((await sql('select raw_user_meta_data ->> $2 as locale from auth.users where id = $1', [maker.id, 'locale']))[0]!.locale).toBe('es');
    expect((await h.client().auth.signInWithOtp({ email: maker.email, options: { shouldCreateUser: false } })).error).toBeNull();
    const link = await kit.waitFor('the Spanish sign-in link', async () =>
      (await h.inbox(maker.email)).find((m) => m.subject === 'Tu enlace para iniciar sesión'),
    );
    expect(link.text).toContain('O introduce este código: ');
    // a language the product does not speak cannot be saved on the profile
    const bad = await maker.c.from('profiles').update({ locale: 'pt' }).eq('id', maker.id);
    expect(bad.error?.message).toMatch(/Unknown language "pt"/);
  });

  it('the newsletter confirmation is in the page’s language; an unknown language is a clear 400', async () => {
    const email = newEmail('boletin');
    const res = await fetch(`${stack.url}/functions/v1/newsletter/subscribe`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, locale: 'es' }),
    });
    expect(res.status).toBe(202);
    const mail = await kit.waitFor('the Spanish confirmation', async () => (await h.inbox(email))[0]);
    expect(mail.subject).toBe('Confirma tu suscripción al boletín de Stitchhouse');
    expect(mail.text).toContain('el enlace funciona durante 48 horas');
    const bad = await fetch(`${stack.url}/functions/v1/newsletter/subscribe`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email: newEmail('klingon'), locale: 'tlh' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).error.message).toMatch(/locale must be one of/);
  });
});
