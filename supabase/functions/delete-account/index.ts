// POST /delete-account { password, code? } with the member's JWT. Re-authentication first:
// the password is checked by a password grant on the auth server (a throwaway session, ended
// at once); an account with an authenticator app must call from an aal2 session AND type a
// fresh code, verified on that throwaway session. Then public.close_account() anonymises and
// closes in one transaction (stored payment events scrubbed, reviews removed), the files it
// lists go through the storage API (avatars, review photos, documents, exports, store
// pictures), and a confirmation is emailed that says what is gone.
import { deleteAccountRequest } from '@stitchhouse/shared/contracts/delete-account.ts';
import { json, serviceClient } from '../_shared/clients.ts';
import { FunctionError, handler, type Context } from '../_shared/handler.ts';
import { requireEnv } from '../_shared/env.ts';
import { mailI18n, memberLocale } from '../_shared/i18n.ts';
import { sendMail } from '../_shared/mail.ts';

const fail = (status: number, code: string, message: string) => new FunctionError(code, message, status);

/** A call to the auth server; `Answer` is the JSON body it sends on success (null when empty). */
async function authCall<Answer>(path: string, token: string | null, body?: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(`${requireEnv('SUPABASE_URL')}/auth/v1${path}`, {
    method: 'POST',
    headers: { apikey: requireEnv('SUPABASE_ANON_KEY'), 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Answer) : (null as Answer) };
}

/**
 * The files close_account listed (avatars, review photos, documents, exports, pictures of the
 * member's stores), removed through the storage API so bytes and rows go together; each bucket
 * in batches, tried twice. Answers how many could not be removed.
 */
async function removeFiles(files: Array<{ bucket: string; name: string }>): Promise<number> {
  const byBucket = new Map<string, string[]>();
  for (const f of files) byBucket.set(f.bucket, [...(byBucket.get(f.bucket) ?? []), f.name]);
  let left = 0;
  for (const [bucket, names] of byBucket) {
    const storage = serviceClient().storage.from(bucket);
    for (let i = 0; i < names.length; i += 500) {
      const batch = names.slice(i, i + 500);
      let { error } = await storage.remove(batch);
      if (error) ({ error } = await storage.remove(batch));
      if (error) {
        console.error(`removing ${batch.length} file(s) of ${bucket} failed`, error);
        left += batch.length;
      }
    }
  }
  return left;
}

async function deleteAccount(_req: Request, ctx: Context): Promise<Response> {
  const caller = await ctx.member('Sign in to delete your account.');
  const body = await ctx.body(deleteAccountRequest);
  const { user } = caller;
  const email = user.email ?? '';

  // 1. The password, on a throwaway session (counts against the sign-in limits like any try).
  type Factor = { id: string; status: string; factor_type: string };
  const grant = await authCall<{ access_token: string; user?: { factors?: Factor[] } }>('/token?grant_type=password', null, { email, password: body.password });
  if (grant.status !== 200) {
    if (grant.status === 429) throw fail(429, 'rate_limited', 'Too many tries. Wait a few minutes and try again.');
    throw fail(403, 'wrong_password', 'That is not your current password.');
  }
  const probe = grant.body.access_token as string;
  try {
    // 2. With an authenticator app: this session must be aal2, and a fresh code is needed.
    const factor = (grant.body.user?.factors ?? []).find(
      (f: { status: string; factor_type: string }) => f.status === 'verified' && f.factor_type === 'totp',
    ) as { id: string } | undefined;
    if (factor) {
      // This session's own level was checked above (signedInUser: aal2 when the account has an app).
      if (!body.code) throw fail(400, 'code_required', 'Enter the 6-digit code from your authenticator app.');
      const challenge = await authCall<{ id: string }>(`/factors/${factor.id}/challenge`, probe, {});
      if (challenge.status !== 200) throw fail(429, 'rate_limited', 'Too many wrong codes. Wait a few minutes and try again.');
      const verified = await authCall(`/factors/${factor.id}/verify`, probe, { challenge_id: challenge.body.id, code: body.code });
      if (verified.status !== 200) throw fail(403, 'wrong_code', 'That code is not right. Enter the code your app shows now.');
    }
  } finally {
    await authCall('/logout?scope=local', probe).catch(() => undefined);
  }

  // 3. Close the account in one transaction, then its files and the goodbye email (in the language
  // the profile had: read before the profile goes).
  const i18n = mailI18n(await memberLocale(serviceClient(), user.id));
  const { data, error } = await serviceClient().rpc('close_account', { p_user: user.id });
  if (error) {
    console.error('close_account failed', error);
    throw fail(500, 'server_error', 'Your account could not be deleted. Nothing was changed; please try again.');
  }
  const closed = data as {
    stores_closed: number;
    stores_removed: number;
    orders_anonymised: number;
    reviews_removed: number;
    files: Array<{ bucket: string; name: string }>;
  };
  const filesLeft = await removeFiles(closed.files).catch((err) => {
    console.error("removing the member's files failed", err);
    return closed.files.length;
  });
  const outcome = {
    stores_closed: closed.stores_closed,
    stores_removed: closed.stores_removed,
    orders_anonymised: closed.orders_anonymised,
    reviews_removed: closed.reviews_removed,
    files_removed: closed.files.length - filesLeft,
  };
  let emailed = false;
  if (email) {
    try {
      await sendMail({
        to: email,
        subject: i18n._('email.goodbye.subject'),
        text: [
          i18n._('email.goodbye.deleted'),
          '',
          [
            i18n._('email.goodbye.gone'),
            filesLeft === 0 ? i18n._('email.goodbye.filesGone') : i18n._('email.goodbye.filesLeft'),
            i18n._('email.goodbye.orders'),
            ...(outcome.stores_closed ? [i18n._('email.goodbye.storeClosed')] : []),
          ].join(' '),
          '',
          i18n._('email.goodbye.notYou'),
          '',
        ].join('\n'),
      });
      emailed = true;
    } catch (err) {
      console.error('goodbye email failed', err);
    }
  }
  return json({ deleted: true, emailed, ...outcome });
}

Deno.serve(handler({ name: 'delete-account', methods: ['POST'], invalidCode: 'bad_request' }, deleteAccount));
