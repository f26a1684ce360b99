// TOTP second factor: enrol, challenge, verify (→ aal2 session), unenrol.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { AuthError } from '../errors.ts';
import { clientInfo, readBody } from '../http.ts';
import { challengeBody, enrollFactorBody, verifyFactorBody } from '../schemas.ts';
import { authenticate, isUuid, upgradeSessionToAal2 } from '../sessions.ts';

/**
 * The QR code as GoTrue sends it: an SVG that auth-js turns into `data:image/svg+xml;utf-8,<svg…>`
 * without encoding it. A `#` there ends the image at the fragment (the picture never draws), so
 * the qrcode package's hex colours become colour names, as GoTrue's own SVG uses.
 */
export function qrSvg(svg: string): string {
  return svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
}

export const CHALLENGE_EXPIRY_S = 300;

interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: string;
  secret: string | null;
}

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
const totpVerifyOff = () => new AuthError(422, 'mfa_totp_verify_not_enabled', 'MFA verification is disabled for TOTP');

function totpFor(secret: string, issuer: string, label: string): OTPAuth.TOTP {
  return new OTPAuth.TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
}

export function registerFactors(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  async function ownFactor(userId: string, factorId: string): Promise<FactorRow> {
    if (!isUuid(factorId)) throw factorNotFound();
    const { rows } = await ctx.pool.query<FactorRow>('select * from auth.mfa_factors where id = $1 and user_id = $2', [factorId, userId]);
    if (!rows[0]) throw factorNotFound();
    return rows[0];
  }

  app.post('/factors', async (c) => {
    const { user } = await authenticate(ctx, c.req.header('authorization'));
    const body = await readBody(c, enrollFactorBody);
    // GoTrue's answers for factor types config.toml's [auth.mfa] leaves off (phone, WebAuthn by default).
    const mfa = deps.settings.mfa;
    if (body.factor_type === 'phone') {
      throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    }
    if (body.factor_type === 'webauthn') {
      throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    }
    if (body.factor_type !== 'totp') throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn');
    if (!mfa.totp.enroll) throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
    const issuer = body.issuer?.trim() || 'Stitchhouse';
    const friendlyName = body.friendly_name?.trim() ?? '';
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const uri = totpFor(secret, issuer, user.email ?? user.id).toString();
    const qrCode = qrSvg(await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, width: 240 }));
    const id = randomUUID();
    await withTx(ctx.pool, async (db) => {
      // Abandoned enrolments should not block new ones.
      await db.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
                      and created_at < now() - interval '1 day'`,
        [user.id],
      );
      const existing = await db.query<{ friendly_name: string | null }>('select friendly_name from auth.mfa_factors where user_id = $1', [user.id]);
      if (existing.rows.length >= deps.settings.mfa.maxEnrolledFactors) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (friendlyName && existing.rows.some((r) => r.friendly_name === friendlyName)) {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
      }
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, secret],
      );
    });
    return c.json({ id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qrCode, secret, uri } });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const client = clientInfo(c, deps.trustedProxies);
    deps.mfa.hit(client.ip);
    const { user } = await authenticate(ctx, c.req.header('authorization'));
    await readBody(c, challengeBody);
    const factor = await ownFactor(user.id, c.req.param('id'));
    // [auth.mfa.totp] verify_enabled = false: GoTrue refuses before writing a challenge.
    if (!deps.settings.mfa.totp.verify) throw totpVerifyOff();
    // Too many wrong codes for this factor lately: no new challenges, from any address.
    deps.factorFailures.check(factor.id);
    const id = randomUUID();
    const { rows } = await ctx.pool.query<{ created_at: Date }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3)
       returning created_at`,
      [id, factor.id, client.ip],
    );
    await ctx.pool.query('update auth.mfa_factors set last_challenged_at = now(), updated_at = now() where id = $1', [factor.id]);
    return c.json({ id, type: 'totp', expires_at: Math.floor(rows[0]!.created_at.getTime() / 1000) + CHALLENGE_EXPIRY_S });
  });

  app.post('/factors/:id/verify', async (c) => {
    const client = clientInfo(c, deps.trustedProxies);
    deps.mfa.hit(client.ip);
    const { user, session } = await authenticate(ctx, c.req.header('authorization'));
    const body = await readBody(c, verifyFactorBody);
    const factor = await ownFactor(user.id, c.req.param('id'));
    if (!deps.settings.mfa.totp.verify) throw totpVerifyOff();
    if (!isUuid(body.challenge_id)) throw new AuthError(404, 'mfa_challenge_not_found', 'Challenge not found');
    deps.factorFailures.check(factor.id);
    const result = await withTx(ctx.pool, async (db) => {
      const { rows } = await db.query<{ id: string; created_at: Date; verified_at: Date | null; ip_address: string }>(
        'select id, created_at, verified_at, host(ip_address) as ip_address from auth.mfa_challenges where id = $1 and factor_id = $2 for update',
        [body.challenge_id, factor.id],
      );
      const challenge = rows[0];
      if (!challenge || challenge.verified_at) throw new AuthError(404, 'mfa_challenge_not_found', 'Challenge not found');
      if (challenge.created_at.getTime() + CHALLENGE_EXPIRY_S * 1000 < Date.now()) {
        await db.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
        return { expired: true as const };
      }
      if (challenge.ip_address !== client.ip) {
        throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch');
      }
      const delta = totpFor(factor.secret ?? '', 'Stitchhouse', user.email ?? '').validate({ token: body.code.trim(), window: 1 });
      if (delta === null) return { wrong: true as const };
      await db.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challenge.id]);
      await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      return { session: await upgradeSessionToAal2(ctx, db, user, session.id, factor.id) };
    });
    if ('wrong' in result) {
      // Counted per factor, not per address: a 6-digit code must not be guessable by rotating IPs.
      deps.factorFailures.record(factor.id);
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    if ('expired' in result)
      throw new AuthError(422, 'mfa_challenge_expired', 'MFA challenge has expired, verify against another challenge or create a new challenge.');
    return c.json(result.session);
  });

  app.delete('/factors/:id', async (c) => {
    const { user, session } = await authenticate(ctx, c.req.header('authorization'));
    const factor = await ownFactor(user.id, c.req.param('id'));
    if (factor.status === 'verified' && session.aal !== 'aal2') {
      throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await withTx(ctx.pool, async (db) => {
      await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // Sessions that reached aal2 with this factor fall back to aal1.
      await db.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
    });
    return c.json({ id: factor.id });
  });
}
