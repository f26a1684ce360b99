// Entry of the embedded functions service, mounted by the gateway under /functions/v1.
// Runs supabase/functions/<name>/index.ts (Edge Runtime form: Deno.serve(handler)) under real
// Deno, one worker process per function (workers.ts), with the JWT check, the concurrency limit
// and the environment hosted Supabase Edge Functions have; requests and answers stream through.
// Hosted's memory, CPU and wall-clock limits hold (limits.ts, workers.ts): a call whose worker
// is killed at one answers 546 WORKER_LIMIT, as hosted does; a call that starts no answer within
// the request idle timeout answers 504 IDLE_TIMEOUT.
import http from 'node:http';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import pLimit, { type LimitFunction } from 'p-limit';
import type { ServiceContext } from '../context.ts';
import { parseBearer } from '../../../shared/src/bearer.ts';
import { verifyProjectJwt, type ProjectKeys } from '../jwt.ts';
import { FunctionsConfig } from './config.ts';
import { functionLimitsFromEnv, idleTimeoutResponse, workerLimitResponse, type FunctionLimits } from './limits.ts';
import { FunctionWorkers, type WorkerLease } from './workers.ts';
import { existsSync } from 'node:fs';

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
  /** Start a function's worker again after its code changed (default: FUNCTIONS_RELOAD=1, which `npm start` sets). */
  reload?: boolean;
  /** Hosted's limits by default, or FUNCTIONS_PLAN / FUNCTIONS_MEMORY_MB / FUNCTIONS_CPU_MS / FUNCTIONS_WALL_CLOCK_S / FUNCTIONS_IDLE_TIMEOUT_S (limits.ts); these win. */
  limits?: Partial<FunctionLimits>;
}

export interface FunctionsService {
  app: Hono;
  workers: FunctionWorkers;
  /** Stops every function's worker (with the stack). */
  stop(): Promise<void>;
}

/**
 * Secrets the functions read beyond the ones set here, passed on from the backend's environment
 * when set (hosted: `supabase secrets set`). Add a name here when a function reads a new one.
 */
const PASSED_SECRETS = ['MAIL_API_URL', 'NEWSLETTER_ALLOWED_ORIGINS'];

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Folders starting with "_" (like _shared) hold helpers, not functions.
const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
// kept-alive sockets to the workers, as the gateway keeps to PostgREST
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const hopByHop = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer', 'host']);

export function createFunctions(ctx: ServiceContext, options: FunctionsOptions = {}): FunctionsService {
  const functionsDir = path.resolve(options.functionsDir ?? path.join(repoRoot, 'supabase', 'functions'));
  const config = new FunctionsConfig(options.configPath ?? path.join(path.dirname(functionsDir), 'config.toml'));
  const env = (): Record<string, string> => {
    const passed = Object.fromEntries(PASSED_SECRETS.flatMap((name) => (process.env[name] ? [[name, process.env[name]!]] : [])));
    return {
      ...passed,
      SUPABASE_URL: ctx.config.apiExternalUrl,
      SUPABASE_ANON_KEY: ctx.config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
      SITE_URL: ctx.config.siteUrl,
      // real Stripe: the SDK's default host, never a sandbox's
      ...stripeEnv(ctx, options.stripeApiUrl),
    };
  };
  const limits = { ...functionLimitsFromEnv(), ...options.limits };
  const workers = new FunctionWorkers(functionsDir, env, ctx.log, { reload: options.reload ?? process.env.FUNCTIONS_RELOAD === '1', limits });
  const shown = (value: number, unit: string) => (value > 0 ? `${value} ${unit}` : 'off');
  ctx.log.info(
    'functions',
    `Deno workers for ${functionsDir} (JWT rules: ${config.path}; limits: memory ${shown(limits.memoryMb, 'MB')}, CPU ${shown(limits.cpuMs, 'ms')} a request, wall clock ${shown(limits.wallClockMs / 1000, 's')}, idle timeout ${shown(limits.idleTimeoutMs / 1000, 's')})`,
  );
  const maxConcurrent = options.maxConcurrent ?? (Number(process.env.FUNCTIONS_MAX_CONCURRENT) || 8);
  const queues = new Map<string, LimitFunction>();
  const limitOf = (name: string) => {
    let limit = queues.get(name);
    if (!limit) queues.set(name, (limit = pLimit(maxConcurrent)));
    return limit;
  };

  const invoke = async (c: Context): Promise<Response> => {
    const name = c.req.param('name')!;
    if (!functionName.test(name) || !existsSync(path.join(functionsDir, name, 'index.ts'))) {
      return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
    }

    // Browsers send CORS preflights without credentials; let the handler answer them.
    if (c.req.method !== 'OPTIONS' && (await config.settingsFor(name)).verifyJwt) {
      const denied = await checkJwt(c.req.header('authorization'), ctx.config);
      if (denied) return c.json({ code: 401, message: denied }, 401);
    }

    return limitOf(name)(async () => {
      // The caller gave up while waiting its turn: nothing to answer.
      if (c.req.raw.signal.aborted) return new Response(null, { status: 499 });
      let lease: WorkerLease;
      try {
        lease = await workers.lease(name);
      } catch (err) {
        ctx.log.error('functions', `${name} could not be started`, err);
        return c.json({ error: `Function ${name} failed to load` }, 500);
      }
      // the request idle timeout runs until the answer starts (its status and headers), not while it streams
      const idle = new AbortController();
      const idled = new Promise<'idle'>((resolve) => idle.signal.addEventListener('abort', () => resolve('idle'), { once: true }));
      const idleTimer = limits.idleTimeoutMs > 0 ? setTimeout(() => idle.abort(), limits.idleTimeoutMs) : undefined;
      let answer: Response | 'limit' | 'idle';
      try {
        answer = await Promise.race([forward(c.req.raw, name, lease.worker.port, idle.signal), lease.killed.then(() => 'limit' as const), idled]);
      } catch (err) {
        if (idle.signal.aborted) answer = 'idle';
        else {
          clearTimeout(idleTimer);
          if (c.req.raw.signal.aborted) {
            lease.release();
            return new Response(null, { status: 499 });
          }
          const limit = await lease.limitAfterFailure();
          lease.release();
          if (limit) return workerLimitResponse();
          ctx.log.error('functions', `${name} failed while handling ${c.req.method}`, err);
          return c.json({ error: `Function ${name} failed: ${err instanceof Error ? err.message : String(err)}` }, 502);
        }
      }
      clearTimeout(idleTimer);
      if (answer === 'idle') {
        // hosted's gateway gives up on the call; the function may still be running in its worker
        lease.release();
        ctx.log.error('functions', `${name}: no answer started within the ${limits.idleTimeoutMs / 1000} s request idle timeout; answered 504 IDLE_TIMEOUT`);
        return idleTimeoutResponse();
      }
      if (answer === 'limit') {
        lease.release();
        return workerLimitResponse();
      }
      return releasedWhenSent(answer, lease);
    });
  };

  const app = new Hono();
  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return { app, workers, stop: () => workers.stop() };
}

/**
 * The answer with its body passed through, releasing the call once the body has been sent,
 * failed or been cancelled: a function streaming its answer is still running (and charged
 * CPU time) until then. A worker killed mid-answer cuts the stream, as hosted's would.
 */
function releasedWhenSent(res: Response, lease: WorkerLease): Response {
  if (!res.body) {
    lease.release();
    return res;
  }
  const reader = res.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          lease.release();
          controller.close();
        } else controller.enqueue(value);
      } catch (err) {
        lease.release();
        controller.error(err);
      }
    },
    cancel(reason) {
      lease.release();
      return reader.cancel(reason);
    },
  });
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
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
  const token = parseBearer(authorization);
  if (!token) return "Auth header is not 'Bearer {token}'";
  try {
    await verifyProjectJwt(token, keys);
    return undefined;
  } catch {
    return 'Invalid JWT';
  }
}

/**
 * The request as hosted Edge Functions see it: path /<name>/<rest> (so Hono apps inside a
 * function use basePath('/<name>')), query string, method, headers and body untouched, streamed
 * to the worker; the answer streams back byte for byte (a compressed body stays compressed).
 */
function forward(req: Request, name: string, port: number, idle: AbortSignal): Promise<Response> {
  const url = new URL(req.url);
  const afterPrefix = url.pathname.replace(/^\/functions\/v1(?=\/)/, '');
  const rest = afterPrefix.startsWith(`/${name}`) ? afterPrefix.slice(name.length + 1) : '';
  const headers: Record<string, string> = {};
  req.headers.forEach((value, key) => {
    if (!hopByHop.has(key)) headers[key] = value;
  });
  headers.host = url.host;
  return new Promise<Response>((resolve, reject) => {
    const upstream = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: req.method,
        path: `/${name}${rest}${url.search}`,
        headers,
        signal: AbortSignal.any([req.signal, idle]),
      },
      (res) => {
        const answer = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value === undefined || hopByHop.has(key)) continue;
          for (const v of Array.isArray(value) ? value : [value]) answer.append(key, v);
        }
        const noBody = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
        if (noBody) res.resume();
        resolve(
          new Response(noBody ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), {
            status: res.statusCode ?? 502,
            statusText: res.statusMessage,
            headers: answer,
          }),
        );
      },
    );
    upstream.on('error', reject);
    if (req.body && req.method !== 'GET' && req.method !== 'HEAD') {
      Readable.fromWeb(req.body as import('node:stream/web').ReadableStream<Uint8Array>)
        .on('error', (err) => upstream.destroy(err))
        .pipe(upstream);
    } else upstream.end();
  });
}
