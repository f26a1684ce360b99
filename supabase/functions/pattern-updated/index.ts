// POST /pattern-updated {pattern_id, version} by the store owner after attach_pattern_file made
// a new version: emails every buyer once with what changed and a link to download it; at most
// one such mail per pattern a day (429 rate_limited, details.retry_after, after that).
import { patternUpdatedRequest } from '@stitchhouse/shared/contracts/pattern-updated.ts';
import { json } from '../_shared/clients.ts';
import { FunctionError, handler, type Context } from '../_shared/handler.ts';
import { siteUrl } from '../_shared/env.ts';
import { sendMail } from '../_shared/mail.ts';
import { updateEmail } from './email.ts';
import { memberLocale } from '../_shared/i18n.ts';

// Email links stay valid for a month; after that /download/error explains and links the library.
const LINK_LIFETIME_SECONDS = 30 * 24 * 3600;

async function patternUpdated(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to notify your buyers.');
  const { pattern_id, version } = await ctx.body(patternUpdatedRequest);

  const service = ctx.service();
  const { data: pattern, error: patternError } = await service.from('patterns').select('id, title, store_id').eq('id', pattern_id).maybeSingle();
  if (patternError) throw new Error(`pattern-updated: ${patternError.message}`);
  const { data: store } = pattern ? await service.from('stores').select('name, owner_id').eq('id', pattern.store_id).maybeSingle() : { data: null };
  if (!pattern || !store || store.owner_id !== caller.user.id) throw new FunctionError('not_found', 'Pattern not found in your store.', 404);

  // Claim the version (the database's claim_pattern_update_mail, service only): only the first
  // call sends, a repeat answers what already happened, and buyers get at most one update mail
  // per pattern a day (PT429: the version stays unmailed, to send once the day is over).
  const { data: claim, error: claimError } = await service.rpc('claim_pattern_update_mail', { p_pattern_id: pattern_id, p_version: version });
  if (claimError) {
    if (claimError.code === 'PT404') throw new FunctionError('not_found', `Version ${version} of this pattern does not exist.`, 404);
    if (claimError.code === 'PT429') {
      throw new FunctionError('rate_limited', `${claimError.message}. ${claimError.hint ?? ''}`.trim(), 429, { retry_after: claimError.details });
    }
    throw new Error(`pattern-updated: ${claimError.message}`);
  }
  const claimed = claim as { claimed: boolean; changes?: string; notified_at?: string };
  if (!claimed.claimed) return json({ sent: 0, failed: 0, already_notified_at: claimed.notified_at });
  const changes = claimed.changes as string;

  const { data: entitlements, error } = await service.from('entitlements').select('user_id').eq('pattern_id', pattern_id).is('revoked_at', null);
  if (error) throw new Error(`pattern-updated: ${error.message}`);
  const expires = Math.floor(Date.now() / 1000) + LINK_LIFETIME_SECONDS;
  let sent = 0;
  let failed = 0;
  for (const { user_id } of entitlements ?? []) {
    const { data: user } = await service.auth.admin.getUserById(user_id as string);
    const to = user?.user?.email;
    if (!to) continue;
    const mail = updateEmail(
      { siteUrl: siteUrl(), patternId: pattern_id, title: pattern.title as string, storeName: store.name as string, version, changes, expires },
      await memberLocale(service, user_id as string),
    );
    try {
      await sendMail({ to, ...mail });
      sent += 1;
    } catch (err) {
      failed += 1;
      console.error(`pattern-updated: mail to buyer ${user_id as string} failed`, err);
    }
  }
  return json({ sent, failed });
}

Deno.serve(handler({ name: 'pattern-updated', methods: ['POST'], invalidCode: 'bad_request' }, patternUpdated));
