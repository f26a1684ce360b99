// POST /export with the member's JWT: the plan of their account export (contract in
// @stitchhouse/shared/contracts/export.ts). The ZIP itself is built by the browser
// (shared/src/account/exportArchive.ts), because a library of hundreds of stamped PDFs built
// here would pass hosted's limits (256 MB per worker, 2 s CPU per request).
//   {} / {step: "start"}  → the account's data as JSON (profile, roles, orders, library,
//     downloads, store, wholesale application), every owned pattern to fetch from /download —
//     each copy stamped, recorded and counted against the hourly download limit there
//     (record_download; a pattern at its limit is left out with the reason) — the patterns
//     already known to be left out (no file yet), and a signed upload to the member's own folder
//     of the private account-exports bucket. Everything is read as the caller (RLS decides).
//   {step: "mail", path, patterns, not_included} → the uploaded ZIP's signed link (one hour),
//     emailed to the member; earlier exports whose links have ended are removed.
import { siteUrl } from '../_shared/env.ts';
import { FunctionError, handler, type Db } from '../_shared/handler.ts';
import { mailI18n, memberLocale } from '../_shared/i18n.ts';
import { sendMail } from '../_shared/mail.ts';
import { siteLink } from '@stitchhouse/shared/routes.ts';
import { PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';
import {
  EXPORT_BUCKET,
  EXPORT_ERRORS,
  EXPORT_LINK_SECONDS,
  EXPORT_UPLOAD_SECONDS,
  exportRequest,
  type ExportErrorCode,
  type ExportMailed,
  type ExportPattern,
  type ExportPlan,
  type NotIncluded,
} from '@stitchhouse/shared/contracts/export.ts';

/** A file name from a pattern title: letters, digits and hyphens. */
export function fileSafe(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'pattern'
  );
}

const refuse = (code: ExportErrorCode, message: string) => new FunctionError(code, message, EXPORT_ERRORS[code]);

type Query<T> = PromiseLike<{ data: T[] | null; error: { message: string } | null }>;
/** PostgREST answers at most max_rows (1000, as hosted) a request: read every page. */
async function readAll<T>(label: string, page: (from: number, to: number) => Query<T>): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += 1000) {
    const { data, error } = await page(from, from + 999);
    if (error) throw new Error(`${label}: ${error.message}`);
    rows.push(...(data ?? []));
    if ((data ?? []).length < 1000) return rows;
  }
}

async function collect(db: Db, userId: string) {
  const one = async <T>(label: string, query: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T | null> => {
    const { data, error } = await query;
    if (error) throw new Error(`${label}: ${error.message}`);
    return data;
  };
  const [profile, roles, orders, library, downloads, stores, wholesale] = await Promise.all([
    one('profile', db.from('profiles').select('display_name, avatar_path, intent, newsletter_opt_in, created_at').eq('id', userId).maybeSingle()),
    readAll('roles', (a, b) => db.from('user_roles').select('role, granted_at').eq('user_id', userId).order('role').range(a, b)),
    readAll('orders', (a, b) =>
      db
        .from('orders')
        .select(
          'number, status, currency, subtotal_cents, discount_cents, vat_cents, total_cents, buyer_country, created_at, paid_at, order_items(title, kind, quantity, unit_price_cents, licence)',
        )
        .eq('buyer_id', userId)
        .order('created_at')
        .order('id')
        .range(a, b),
    ),
    readAll('library', (a, b) =>
      db
        .from('entitlements')
        .select(
          'pattern_id, source, granted_at, revoked_at, order_items(licence, orders(number)), patterns(title, licence, stores!patterns_store_id_fkey(name))',
        )
        .eq('user_id', userId)
        .order('granted_at')
        .order('id')
        .range(a, b),
    ),
    readAll('downloads', (a, b) =>
      db.from('downloads').select('pattern_id, format, version, created_at').eq('user_id', userId).order('created_at').order('id').range(a, b),
    ),
    readAll('stores', (a, b) =>
      db
        .from('stores')
        .select('name, slug, kind, bio, country, currency, address_line1, address_line2, city, postal_code, region, opening_hours, plan, created_at')
        .eq('owner_id', userId)
        .order('created_at')
        .range(a, b),
    ),
    readAll('wholesale', (a, b) =>
      db
        .from('wholesale_accounts')
        .select('business_name, tax_id, address_line1, address_line2, city, postal_code, region, country, website, status, reason, created_at, reviewed_at')
        .eq('user_id', userId)
        .order('created_at')
        .range(a, b),
    ),
  ]);
  return { profile, roles, orders, library, downloads, stores, wholesale };
}

/**
 * Every pattern the member owns and may fetch from /download, in the format /download picks
 * (the first of PATTERN_FORMATS it has), and those that have no file yet (left out, with why).
 */
async function patternsToFetch(db: Db, userId: string): Promise<{ patterns: ExportPattern[]; notIncluded: NotIncluded[] }> {
  const owned = await readAll('library files', (a, b) =>
    db
      .from('entitlements')
      .select('pattern_id, patterns(title, pattern_files(format, version))')
      .eq('user_id', userId)
      .is('revoked_at', null)
      .order('granted_at')
      .order('id')
      .range(a, b),
  );
  const patterns: ExportPattern[] = [];
  const notIncluded: NotIncluded[] = [];
  for (const entry of owned) {
    if (!entry.patterns) continue; // a pattern the member can no longer see (withdrawn): nothing to stamp
    const title = entry.patterns.title;
    const files = entry.patterns.pattern_files ?? [];
    const format = PATTERN_FORMATS.find((f) => files.some((r) => r.format === f));
    if (!format) {
      notIncluded.push({ pattern_id: entry.pattern_id, title, code: 'file_missing', reason: 'The designer has not uploaded a file yet.' });
      continue;
    }
    const version = files.find((r) => r.format === format)!.version;
    patterns.push({
      pattern_id: entry.pattern_id,
      title,
      format,
      file: `patterns/${fileSafe(title)}-${entry.pattern_id.slice(0, 8)}-${format}-v${version}.pdf`,
    });
  }
  return { patterns, notIncluded };
}

async function plan(db: Db, service: Db, userId: string, email: string | null): Promise<ExportPlan> {
  const [account, { patterns, notIncluded }] = await Promise.all([collect(db, userId), patternsToFetch(db, userId)]);
  const exportedAt = new Date().toISOString();
  const path = `${userId}/stitchhouse-export-${exportedAt.replace(/[:.]/g, '-')}.zip`;
  const { data: upload, error } = await service.storage.from(EXPORT_BUCKET).createSignedUploadUrl(path);
  if (error || !upload) throw new Error(`signed upload: ${error?.message}`);
  return { exported_at: exportedAt, email, account, patterns, not_included: notIncluded, upload: { bucket: EXPORT_BUCKET, path, token: upload.token } };
}

const PATH = /^([0-9a-f-]{36})\/stitchhouse-export-(\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z)\.zip$/;
const madeAt = (stamp: string) => Date.parse(stamp.replace(/T(\d\d)-(\d\d)-(\d\d)-(\d{3})Z$/, 'T$1:$2:$3.$4Z'));

/** Mails the link to an export the member's browser uploaded with this function's signed upload. */
async function mail(service: Db, userId: string, email: string | null, path: string, patterns: number, notIncluded: number): Promise<ExportMailed> {
  const match = PATH.exec(path);
  if (!match || match[1] !== userId) throw refuse('not_your_export', 'That export is not one of yours.');
  const made = madeAt(match[2]!);
  if (!(Date.now() - made < EXPORT_UPLOAD_SECONDS * 1000)) throw refuse('upload_expired', 'That export is too old to mail. Make a new one.');
  const storage = service.storage.from(EXPORT_BUCKET);
  const { data: signed } = await storage.createSignedUrl(path, EXPORT_LINK_SECONDS);
  if (!signed?.signedUrl) throw refuse('export_missing', 'The export was not uploaded. Make a new one.');
  // Earlier exports whose links have ended are of no use to anyone: remove them.
  const { data: listed } = await storage.list(userId, { limit: 1000 });
  const ended = (listed ?? [])
    .map((o) => ({ name: o.name, at: PATH.exec(`${userId}/${o.name}`) }))
    .filter((o) => o.at && Date.now() - madeAt(o.at[2]!) > EXPORT_UPLOAD_SECONDS * 1000)
    .map((o) => `${userId}/${o.name}`);
  if (ended.length) await storage.remove(ended);
  const expiresAt = new Date(Date.now() + EXPORT_LINK_SECONDS * 1000).toISOString();
  let mailed = false;
  if (email) {
    const i18n = mailI18n(await memberLocale(service, userId));
    const left = notIncluded > 0 ? ` ${i18n._('email.export.notIncluded', { count: notIncluded })}` : '';
    await sendMail({
      to: email,
      subject: i18n._('email.export.subject'),
      text: `${i18n._('email.export.ready', { count: patterns })}${left} ${i18n._('email.export.within')}\n\n${signed.signedUrl}\n\n${i18n._('email.export.again', { link: siteLink(siteUrl(), '/account') })}\n`,
    }).then(
      () => {
        mailed = true;
      },
      (err) => console.error('export email failed', err),
    );
  }
  return { mailed, expires_at: expiresAt };
}

Deno.serve(
  handler(
    {
      name: 'export',
      methods: ['POST'],
      invalidCode: 'bad_request',
      exposeHeaders: ['x-export-skipped'],
      serverErrorMessage: 'Your export could not be prepared. Please try again in a moment.',
    },
    async (req, ctx) => {
      const { user, token } = await ctx.member('Sign in to export your account.');
      // {} starts an export; an empty body too (as before)
      const text = await req.text();
      let raw: unknown;
      try {
        raw = text.trim() ? JSON.parse(text) : {};
      } catch {
        throw refuse('bad_request', 'The body must be JSON: {} to start an export, {"step": "mail", "path": …} to mail its link.');
      }
      const request = ctx.parse(exportRequest, raw);
      if (request.step === 'mail') {
        return ctx.json(await mail(ctx.service(), user.id, user.email ?? null, request.path, request.patterns, request.not_included));
      }
      const body = await plan(ctx.caller(token), ctx.service(), user.id, user.email ?? null);
      // patterns already left out (no file yet); the browser adds the ones /download refuses
      return ctx.json(body, 200, { 'x-export-skipped': String(body.not_included.length) });
    },
  ),
);
