// Features Stitchhouse does not turn on answer exactly as GoTrue does with them off (status,
// error_code, message), so supabase-js code written against hosted Supabase sees the same
// errors here: SAML SSO, manual identity linking, passkeys, OAuth providers, the OAuth 2.1
// server (Supabase Auth as an OAuth provider) and custom OAuth providers.
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { AuthError } from '../errors.ts';
import { authenticate, verifyBearer } from '../sessions.ts';

export const samlDisabled = () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
export const manualLinkingDisabled = () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled');
export const passkeysDisabled = () => new AuthError(404, 'passkey_disabled', 'Passkeys are disabled');
/** GoTrue requireOAuthServerEnabled / requireCustomOAuthEnabled (config OAUTH_SERVER_ENABLED, CUSTOM_OAUTH_ENABLED off). */
export const oauthServerDisabled = () => new AuthError(404, 'feature_disabled', 'OAuth server is disabled');
export const customProvidersDisabled = () => new AuthError(404, 'feature_disabled', 'Custom OAuth providers are disabled');

export function registerDisabled(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.all('/sso', () => {
    throw samlDisabled();
  });
  app.all('/sso/*', () => {
    throw samlDisabled();
  });

  // GoTrue checks the session first (the /user routes), then the linking switch.
  const linking = async (c: { req: { header(name: string): string | undefined } }) => {
    await authenticate(ctx, c.req.header('authorization'));
    if (!deps.settings.manualLinking) throw manualLinkingDisabled();
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  };
  app.get('/user/identities/authorize', linking);
  app.delete('/user/identities/:id', linking);

  app.all('/passkeys', () => {
    throw passkeysDisabled();
  });
  app.all('/passkeys/*', () => {
    throw passkeysDisabled();
  });

  // The OAuth 2.1 server: its admin endpoints (client registration, behind the service-role gate
  // of admin.ts), its public ones (dynamic registration, token, userinfo, authorize, consent) and
  // the metadata document answer "disabled" before anything else, as GoTrue's middleware does.
  for (const path of ['/admin/oauth', '/admin/oauth/*', '/oauth', '/oauth/*']) {
    app.all(path, () => {
      throw oauthServerDisabled();
    });
  }
  app.get('/.well-known/oauth-authorization-server', () => {
    throw oauthServerDisabled();
  });
  // A user's grants to OAuth clients: GoTrue checks the session first (the /user routes).
  const grants = async (c: { req: { header(name: string): string | undefined } }) => {
    await authenticate(ctx, c.req.header('authorization'));
    throw oauthServerDisabled();
  };
  app.get('/user/oauth/grants', grants);
  app.delete('/user/oauth/grants', grants);
  for (const path of ['/admin/custom-providers', '/admin/custom-providers/*']) {
    app.all(path, () => {
      throw customProvidersDisabled();
    });
  }

  // signInWithOAuth sends the browser here; no external provider is configured.
  app.get('/authorize', () => {
    throw new AuthError(400, 'validation_failed', 'Unsupported provider: provider is not enabled');
  });
}

/** The issuer GoTrue names for each id_token provider (internal/api/token_oidc.go). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  snapchat: 'https://accounts.snapchat.com',
  vercel_marketplace: 'https://marketplace.vercel.com',
  keycloak: '',
};

/** grant_type=id_token with no provider enabled: GoTrue's answer for the provider asked for. */
export function idTokenGrantError(body: Record<string, unknown>): AuthError {
  const str = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const provider = str('provider');
  const issuer = str('issuer');
  if (!str('id_token')) return new AuthError(400, 'invalid_request', 'id_token required', { error: 'invalid request', error_description: 'id_token required' });
  if (!provider && (!str('client_id') || !issuer)) {
    const message = 'provider or client_id and issuer required';
    return new AuthError(400, 'invalid_request', message, { error: 'invalid request', error_description: message });
  }
  const known = Object.entries(ID_TOKEN_ISSUERS).find(([name, iss]) => name === provider || (iss !== '' && iss === issuer));
  if (known) return new AuthError(400, 'provider_disabled', `Provider (issuer "${known[1]}") is not enabled`);
  if (provider === 'azure' || issuer.startsWith('https://login.microsoftonline.com/') || issuer.startsWith('https://sts.windows.net/')) {
    return new AuthError(400, 'validation_failed', 'Unable to detect issuer in ID token for Azure provider');
  }
  return new AuthError(400, 'validation_failed', `Custom OIDC provider "${provider}" not allowed`);
}

export const web3Disabled = () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');

/** GoTrue requireNotAnonymous on /factors: anonymous users enrol no second factor. */
export function registerAnonymousGuards(app: Hono, deps: AuthDeps): void {
  const guard = async (c: { req: { header(name: string): string | undefined } }, next: () => Promise<void>) => {
    const claims = await verifyBearer(deps.ctx, c.req.header('authorization')).catch(() => null);
    if (claims?.is_anonymous === true) {
      throw new AuthError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
    }
    await next();
  };
  app.use('/factors', guard);
  app.use('/factors/*', guard);
}
