// PKCE flow state (GoTrue models/flow_state.go): created when an email is requested with a
// code_challenge, turned into an auth code by GET /verify, exchanged once at /token?grant_type=pkce.
import { createHash, randomUUID } from 'node:crypto';
import type { ServiceContext } from '../context.ts';
import { withTx, type Db } from './db.ts';
import { AuthError, validationFailed } from './errors.ts';
import { issueSession, type ClientInfo } from './sessions.ts';
import { findUserById } from './users.ts';

export const FLOW_STATE_EXPIRY_MS = 300_000;

export interface CodeChallenge {
  challenge: string;
  method: 's256' | 'plain';
}

/** Both fields or neither, 43–128 chars of [A-Za-z0-9._~-] (GoTrue validatePKCEParams). */
export function parseCodeChallenge(body: {
  code_challenge?: string | null | undefined;
  code_challenge_method?: string | null | undefined;
}): CodeChallenge | null {
  const challenge = body.code_challenge ?? '';
  const method = (body.code_challenge_method ?? '').toLowerCase();
  if (!challenge && !method) return null;
  if (!challenge || !method) {
    throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
  }
  if (method !== 's256' && method !== 'plain') throw validationFailed(`code challenge method not supported: ${method}`);
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(challenge)) {
    throw validationFailed('code challenge has to be between 43 and 128 characters of [A-Za-z0-9._~-]');
  }
  return { challenge, method };
}

export async function createFlowState(db: Db, userId: string, pkce: CodeChallenge, authenticationMethod: string): Promise<void> {
  await db.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     values ($1, $2, $3, $4, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, randomUUID(), pkce.method, pkce.challenge, authenticationMethod],
  );
}

/** GET /verify for a pkce_ link: hands out the newest flow's auth code for that user and method. */
export async function issueAuthCode(db: Db, userId: string, authenticationMethod: string): Promise<string> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where id = (select id from auth.flow_state where user_id = $1 and authentication_method = $2
                 order by created_at desc limit 1)
     returning auth_code`,
    [userId, authenticationMethod],
  );
  if (!rows[0]) throw new AuthError(404, 'flow_state_not_found', 'No valid flow state found for user.');
  return rows[0].auth_code;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function exchangeAuthCode(ctx: ServiceContext, authCode: string, verifier: string, client: ClientInfo): Promise<Record<string, unknown>> {
  return withTx(ctx.pool, async (db) => {
    const { rows } = await db.query<{
      id: string;
      user_id: string | null;
      code_challenge: string;
      code_challenge_method: string;
      authentication_method: string;
      created_at: Date;
      auth_code_issued_at: Date | null;
    }>('select * from auth.flow_state where auth_code = $1 for update', [authCode]);
    const flow = rows[0];
    if (!flow || !flow.auth_code_issued_at || !flow.user_id) {
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (flow.auth_code_issued_at.getTime() + FLOW_STATE_EXPIRY_MS < Date.now()) {
      await db.query('delete from auth.flow_state where id = $1', [flow.id]);
      return { expired: true as const };
    }
    const expected = flow.code_challenge_method === 's256' ? s256(verifier) : verifier;
    if (expected !== flow.code_challenge) {
      throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    await db.query('delete from auth.flow_state where id = $1', [flow.id]);
    const user = await findUserById(db, flow.user_id);
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
    return { session: await issueSession(ctx, db, user, flow.authentication_method, client) };
  }).then((r) => {
    if ('expired' in r) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
    return r.session;
  });
}
