// Entry of the embedded functions service, mounted by the gateway under /functions/v1.
// Runs the Web-standard handlers of supabase/functions/<name>/index.ts under Node, with the
// JWT check and the environment hosted Supabase Edge Functions have.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import pLimit, { type LimitFunction } from 'p-limit';
import type { ServiceContext } from '../context.ts';
import { verifyProjectJwt, type ProjectKeys } from '../jwt.ts';
import { FunctionsConfig } from './config.ts';
import { FunctionLoader } from './loader.ts';

export interface FunctionsOptions {
  /** Folder holding <name>/index.ts; defaults to <repo>/supabase/functions. */
  functionsDir?: string;
  /** Defaults to config.toml beside the functions folder (supabase/config.toml). */
  configPath?: string;
  /** The embedded Stripe sandbox's API origin, given to functions as STRIPE_API_URL. */
  stripeApiUrl?: string;
  /**
   * Invocations of one function running at once; more wait their turn in order (default 8, or
   * FUNCTIONS_MAX_CONCURRENT). Unbounded, 200 concurrent downloads each queued ~7 database calls
   * behind the services' small pools until a 15 s pool wait failed some with a 500; bounded, the
   * wait happens here, before a request holds anything, and the answer is late but right.
   */
  maxConcurrent?: number;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function createFunctionsApp(ctx: ServiceContext, options: FunctionsOptions = {}): Hono {
  const functionsDir = path.resolve(options.functionsDir ?? path.join(repoRoot, 'supabase', 'functions'));
  const config = new FunctionsConfig(options.configPath ?? path.join(path.dirname(functionsDir), 'config.toml'));
  const loader = new FunctionLoader(functionsDir);
  const env = {
    SUPABASE_URL: ctx.config.apiExternalUrl,
    SUPABASE_ANON_KEY: ctx.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
    SITE_URL: ctx.config.siteUrl,
    ...stripeEnv(ctx, options.stripeApiUrl),
  };
  Object.assign(process.env, env);
  // real Stripe: the SDK's default host, not a sandbox left over from another stack
  if (ctx.config.stripe?.mode === 'stripe' || !options.stripeApiUrl) delete process.env.STRIPE_API_URL;
  ctx.log.info('functions', `handlers from ${functionsDir} (JWT rules: ${config.path})`);
  const maxConcurrent = options.maxConcurrent ?? (Number(process.env.FUNCTIONS_MAX_CONCURRENT) || 8);
  const limits = new Map<string, LimitFunction>();
  const limitOf = (name: string) => {
    let limit = limits.get(name);
    if (!limit) limits.set(name, (limit = pLimit(maxConcurrent)));
    return limit;
  };

  const invoke = async (c: Context): Promise<Response> => {
    const name = c.req.param('name')!;
    const handler = await loader.load(name).catch((err: unknown) => {
      ctx.log.error('functions', `${name} could not be loaded`, err);
      return 'broken' as const;
    });
    if (handler === undefined) return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    if (handler === 'broken') return c.json({ error: `Function ${name} failed to load` }, 500);

    // Browsers send CORS preflights without credentials; let the handler answer them.
    if (c.req.method !== 'OPTIONS' && (await config.settingsFor(name)).verifyJwt) {
      const denied = await checkJwt(c.req.header('authorization'), ctx.config);
      if (denied) return c.json({ code: 401, message: denied }, 401);
    }

    return limitOf(name)(async () => {
      // The caller gave up while waiting its turn: nothing to answer.
      if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
      // Handlers read env at request time too; keep it pointing at this backend.
      Object.assign(process.env, env);
      try {
        const response = await handler(forwardedRequest(c.req.raw, name));
        if (!(response instanceof Response)) throw new Error(`${name} did not return a Response`);
        return response;
      } catch (err) {
        ctx.log.error('functions', `${name} threw while handling ${c.req.method}`, err);
        return c.json({ error: err instanceof Error ? err.message : String(err) }, 500);
      }
    });
  };

  const app = new Hono();
  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return app;
}

/** STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET (the user's for real Stripe, else the sandbox's) and STRIPE_API_URL for the sandbox. */
function stripeEnv(ctx: ServiceContext, apiUrl: string | undefined): Record<string, string> {
  const stripe = ctx.config.stripe;
  if (!stripe) return {};
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    ...(stripe.mode === 'sandbox' && apiUrl ? { STRIPE_API_URL: apiUrl } : {}),
  };
}

async function checkJwt(authorization: string | undefined, keys: ProjectKeys): Promise<string | undefined> {
  if (!authorization) return 'Missing authorization header';
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (!match) return 'Auth header is not \'Bearer {token}\'';
  try {
    await verifyProjectJwt(match[1]!, keys);
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

/**
 * The request as hosted Edge Functions see it: path /<name>/<rest> (so Hono apps inside a
 * function use basePath('/<name>')), query string, method, headers and body untouched.
 */
function forwardedRequest(req: Request, name: string): Request {
  const url = new URL(req.url);
  const afterPrefix = url.pathname.replace(/^\/functions\/v1(?=\/)/, '');
  const rest = afterPrefix.startsWith(`/${name}`) ? afterPrefix.slice(name.length + 1) : '';
  const target = new URL(`/${name}${rest}${url.search}`, url.origin);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(target, {
    method: req.method,
    headers: req.headers,
    body: hasBody ? req.body : null,
    signal: req.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit);
}
