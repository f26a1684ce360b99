// POST /export with the member's JWT: a ZIP of their data as JSON (profile, roles, orders,
// library, downloads, store, wholesale application) and every pattern they own as a PDF
// stamped for them. Everything is read as the caller (row-level security decides); each
// stamped copy is recorded and counted against the hourly download limit as /download's are
// (record_download; a pattern at its limit is left out, with the reason, in
// patterns_not_included); the service key only reads the originals (as /download does) and
// keeps the ZIP in the private account-exports bucket for the emailed link (a signed URL, valid for an hour).
// Answers the ZIP itself, with content-length so the page can show the download's progress,
// and the emailed link in `x-export-url`.
import { zipSync, strToU8 } from 'fflate';
import { AAL2_REQUIRED, callerClient, json, serviceClient, signedInUser } from '../_shared/clients.ts';
import { env } from '../_shared/env.ts';
import { sendMail } from '../_shared/mail.ts';
import { forgetDownload } from '../_shared/downloads.ts';
import { StampError, stampPdf, type Licence } from '../_shared/stamp.ts';
import { PATTERN_FORMATS } from '@stitchhouse/shared/catalog/formats.ts';

const LINK_SECONDS = 3600;

const site = () => (env('SITE_URL') || 'http://localhost:3000').replace(/\/$/, '');

/** A file name from a pattern title: letters, digits and hyphens. */
export function fileSafe(title: string): string {
  return title.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'pattern';
}

async function collect(token: string, userId: string) {
  const db = callerClient(token);
  const read = async <T>(label: string, query: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> => {
    const { data, error } = await query;
    if (error) throw new Error(`${label}: ${error.message}`);
    return data as T;
  };
  const [profile, roles, orders, library, downloads, stores, wholesale] = await Promise.all([
    read('profile', db.from('profiles').select('display_name, avatar_path, intent, newsletter_opt_in, created_at').eq('id', userId).maybeSingle()),
    read('roles', db.from('user_roles').select('role, granted_at').eq('user_id', userId)),
    read('orders', db.from('orders').select('number, status, currency, subtotal_cents, discount_cents, vat_cents, total_cents, buyer_country, created_at, paid_at, order_items(title, kind, quantity, unit_price_cents, licence)').eq('buyer_id', userId).order('created_at')),
    read('library', db.from('entitlements').select('pattern_id, source, granted_at, revoked_at, order_items(licence, orders(number)), patterns(title, licence, stores!patterns_store_id_fkey(name))').eq('user_id', userId)),
    read('downloads', db.from('downloads').select('pattern_id, format, version, created_at').eq('user_id', userId).order('created_at')),
    read('stores', db.from('stores').select('name, slug, kind, bio, country, currency, address_line1, address_line2, city, postal_code, region, opening_hours, plan, created_at').eq('owner_id', userId)),
    read('wholesale', db.from('wholesale_accounts').select('business_name, tax_id, address_line1, address_line2, city, postal_code, region, country, website, status, reason, created_at, reviewed_at').eq('user_id', userId)),
  ]);
  return { profile, roles, orders, library, downloads, stores, wholesale };
}

type LibraryRow = {
  pattern_id: string;
  source: string;
  revoked_at: string | null;
  order_items: { licence: Licence; orders: { number: number } | null } | null;
  patterns: { title: string; licence: Licence } | null;
};

/**
 * Every pattern the member owns, stamped for them. Each copy is a download like /download's:
 * record_download (as the member) checks the entitlement and the hourly limit and records it
 * before any byte is read; a pattern at its limit is left out with the reason, and a copy that
 * could not be made is taken off the record again (it must not count against the limit).
 */
async function stampedPatterns(token: string, userId: string, buyerName: string, library: LibraryRow[]) {
  const db = callerClient(token);
  const files: Record<string, Uint8Array> = {};
  const skipped: Array<{ title: string; code: string; reason: string }> = [];
  for (const entry of library.filter((e) => !e.revoked_at && e.patterns)) {
    const title = entry.patterns!.title;
    const { data: rows } = await db.from('pattern_files').select('format').eq('pattern_id', entry.pattern_id);
    const format = PATTERN_FORMATS.find((f) => (rows ?? []).some((r) => r.format === f));
    if (!format) {
      skipped.push({ title, code: 'file_missing', reason: 'The designer has not uploaded a file yet.' });
      continue;
    }
    const { data: recorded, error: refused } = await db.rpc('record_download', { pattern_id: entry.pattern_id, format });
    if (refused) {
      skipped.push(refused.code === 'PT429'
        ? { title, code: 'rate_limited', reason: `${refused.message}: this copy is not in the export. ${refused.hint ?? ''}`.trim() }
        : { title, code: 'not_available', reason: refused.message });
      continue;
    }
    const file = recorded as { storage_path: string; format: string; version: number };
    const { data: blob } = await serviceClient().storage.from('pattern-files').download(file.storage_path);
    if (!blob) {
      await forgetDownload(userId, entry.pattern_id);
      skipped.push({ title, code: 'file_missing', reason: 'The file is missing from storage.' });
      continue;
    }
    const orderNumber = entry.order_items?.orders ? String(entry.order_items.orders.number) : `${entry.source.toUpperCase()}-${entry.pattern_id.slice(0, 8).toUpperCase()}`;
    try {
      const stamped = await stampPdf(new Uint8Array(await blob.arrayBuffer()), { buyerName, orderNumber, licence: entry.order_items?.licence ?? entry.patterns!.licence });
      files[`patterns/${fileSafe(title)}-${entry.pattern_id.slice(0, 8)}-${file.format}-v${file.version}.pdf`] = stamped;
    } catch (err) {
      await forgetDownload(userId, entry.pattern_id);
      skipped.push({ title, code: 'file_damaged', reason: err instanceof StampError ? err.message : 'The file could not be stamped.' });
    }
  }
  return { files, skipped };
}

async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') return json({ code: 'bad_request', message: 'Use POST' }, 405);
  const caller = await signedInUser(req);
  if (!caller) return json({ code: 'not_signed_in', message: 'Sign in to export your account.' }, 401);
  if (caller.needsSecondFactor) return json(AAL2_REQUIRED, 403);
  const { user, token } = caller;
  try {
    const data = await collect(token, user.id);
    const buyerName = (data.profile as { display_name?: string } | null)?.display_name?.trim() || user.email || 'Stitchhouse member';
    const { files, skipped } = await stampedPatterns(token, user.id, buyerName, data.library as unknown as LibraryRow[]);
    const exportedAt = new Date().toISOString();
    const account = { exported_at: exportedAt, email: user.email, ...data, patterns_not_included: skipped };
    const zip = zipSync({
      'stitchhouse-account.json': strToU8(JSON.stringify(account, null, 2)),
      'README.txt': strToU8(
        `Your Stitchhouse account, exported ${exportedAt}.\n\nstitchhouse-account.json: your profile, roles, orders, library, downloads, store and wholesale application.\npatterns/: every pattern you own, stamped for you. Your licence applies to these copies. Each copy counts as a download; patterns_not_included in the JSON says which were left out and why.\n`,
      ),
      ...files,
    }, { level: 6 });

    // Kept for the emailed link (the page gets the ZIP straight away).
    const path = `${user.id}/stitchhouse-export-${exportedAt.replace(/[:.]/g, '-')}.zip`;
    const storage = serviceClient().storage.from('account-exports');
    let link: string | null = null;
    const stored = await storage.upload(path, new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), { contentType: 'application/zip' });
    if (!stored.error) link = (await storage.createSignedUrl(path, LINK_SECONDS)).data?.signedUrl ?? null;
    if (link && user.email) {
      await sendMail({
        to: user.email,
        subject: 'Your Stitchhouse export is ready',
        text: `Your account export (${Object.keys(files).length} patterns) is ready. Download it within an hour:\n\n${link}\n\nAfter that, make a new one at ${site()}/account.\n`,
      }).catch((err) => console.error('export email failed', err));
    }
    return new Response(new Blob([zip as Uint8Array<ArrayBuffer>]), {
      status: 200,
      headers: {
        'content-type': 'application/zip',
        'content-length': String(zip.byteLength),
        'content-disposition': 'attachment; filename="stitchhouse-export.zip"',
        'cache-control': 'private, no-store',
        'x-export-patterns': String(Object.keys(files).length),
        // patterns left out (download limit reached, no file yet…): their reasons are in the JSON
        'x-export-skipped': String(skipped.length),
        'access-control-expose-headers': 'x-export-patterns, x-export-skipped, x-export-url, content-length',
        ...(link ? { 'x-export-url': link } : {}),
      },
    });
  } catch (err) {
    console.error('export failed', err);
    return json({ code: 'server_error', message: 'Your export could not be prepared. Please try again in a moment.' }, 500);
  }
}

Deno.serve(handler);
