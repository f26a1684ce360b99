// Entry of the embedded auth service, mounted by the gateway under /auth/v1.
// A GoTrue-compatible server for auth-js 2.119 (wire details: backend/src/auth/README.md).
import { Hono } from 'hono';
import type { ServiceContext } from '../context.ts';
import { createDeps, type AuthOptions } from './deps.ts';
import { projectJwks } from '../jwt.ts';
import { API_VERSION, AuthError, errorBody } from './errors.ts';
import { registerAdmin } from './routes/admin.ts';
import { registerAnonymousGuards, registerDisabled } from './routes/disabled.ts';
import { registerReauthenticate } from './routes/reauthenticate.ts';
import { registerFactors } from './routes/factors.ts';
import { registerOtp } from './routes/otp.ts';
import { registerSignup } from './routes/signup.ts';
import { registerToken } from './routes/token.ts';
import { registerUser } from './routes/user.ts';
import { registerVerify } from './routes/verify.ts';

export type { AuthOptions } from './deps.ts';

export function createAuthApp(ctx: ServiceContext, options: AuthOptions = {}): Hono {
  const app = new Hono();
  const deps = createDeps(ctx, options);

  app.use('*', async (c, next) => {
    c.header('X-Supabase-Api-Version', API_VERSION);
    await next();
  });

  app.get('/health', (c) => c.json({ version: 'stitchhouse', name: 'GoTrue', description: 'GoTrue-compatible auth of the Stitchhouse embedded backend' }));
  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: deps.settings.anonymousSignIns, email: deps.settings.emailSignupEnabled, phone: false },
      disable_signup: !deps.settings.signupEnabled,
      mailer_autoconfirm: deps.settings.autoconfirm,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  // The public signing keys (current and earlier): auth-js getClaims, PostgREST and others verify
  // sessions locally. Empty with HS256 sessions (older settings): auth-js then asks GET /user.
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(projectJwks(ctx.config));
  });

  registerSignup(app, deps);
  registerToken(app, deps);
  registerOtp(app, deps);
  registerVerify(app, deps);
  registerUser(app, deps);
  registerAnonymousGuards(app, deps);
  registerFactors(app, deps);
  registerAdmin(app, deps);
  registerReauthenticate(app, deps);
  registerDisabled(app, deps);

  // A catch-all route rather than notFound(): a mounted sub-app's notFound is not used by Hono.
  app.all('*', () => {
    throw new AuthError(404, 'not_found', 'Not found');
  });

  app.onError((err, c) => {
    c.header('X-Supabase-Api-Version', API_VERSION);
    if (err instanceof AuthError) {
      c.header('x-sb-error-code', err.code);
      return c.json(errorBody(err), err.status as 400);
    }
    // Two sign-ups for one new address at the same moment: the loser hits the unique index.
    if ((err as { code?: string; constraint?: string }).code === '23505' && (err as { constraint?: string }).constraint === 'users_email_partial_key') {
      const exists = new AuthError(422, 'user_already_exists', 'User already registered');
      c.header('x-sb-error-code', exists.code);
      return c.json(errorBody(exists), 422);
    }
    ctx.log.error('auth', `${c.req.method} ${c.req.path} failed`, err);
    const failure = new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information');
    return c.json(errorBody(failure), 500);
  });

  return app;
}
