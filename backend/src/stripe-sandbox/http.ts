// The Stripe wire protocol around the resource handlers: Bearer secret key, form bodies parsed
// like Stripe's (qs: a[b][0][c]=…), Request-Id, Idempotency-Key replay, expand[], errors.
import crypto from 'node:crypto';
import type { Context } from 'hono';
import qs from 'qs';
import type { SandboxCore } from './core.ts';
import { StripeApiError, type StripeErrorBody } from './errors.ts';
import { parseBearer } from '../../../shared/src/bearer.ts';
import { checkDeclared } from './declared.ts';
import { expand } from './expand.ts';
import { arr, type Params } from './params.ts';
import { NeedsTransaction, type Tx } from './store.ts';

export type Handler = (t: Tx, params: Params, c: Context) => Promise<unknown>;

export function requestId(): string {
  return `req_${crypto.randomBytes(7).toString('hex')}`;
}

export function parseForm(text: string): Params {
  return qs.parse(text, { depth: 20, arrayLimit: 1000, parameterLimit: 10_000 }) as Params;
}

export async function readParams(c: Context): Promise<{ params: Params; raw: string }> {
  const query = new URL(c.req.url).search.slice(1);
  const body = c.req.method === 'GET' || c.req.method === 'HEAD' ? '' : await c.req.text();
  const raw = [query, body].filter(Boolean).join('&');
  const type = c.req.header('content-type') ?? '';
  if (body && type.includes('application/json')) {
    throw new StripeApiError(400, {
      type: 'invalid_request_error',
      message: 'Invalid request: the body must be application/x-www-form-urlencoded, as the Stripe API expects.',
    });
  }
  return { params: parseForm(raw), raw };
}

/** 401s with Stripe's wording when the Bearer key is missing or not the sandbox's. */
export function checkKey(c: Context, secretKey: string): StripeApiError | undefined {
  const header = c.req.header('authorization') ?? '';
  let key = parseBearer(header) ?? undefined;
  if (!key && header.toLowerCase().startsWith('basic ')) key = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':')[0];
  if (!key) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    });
  }
  const a = Buffer.from(key);
  const b = Buffer.from(secretKey);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) {
    return new StripeApiError(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(4)}${key.slice(-4)}` });
  }
  return undefined;
}

function send(c: Context, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body, null, 2), {
    status,
    headers: { 'content-type': 'application/json', 'request-id': c.get('requestId') as string, 'stripe-version': '2026-10-28.endive', ...headers },
  });
}

export function errorResponse(c: Context, err: unknown, sb: SandboxCore, headers: Record<string, string> = {}): Response {
  if (err instanceof StripeApiError) return send(c, err.status, err.toJSON(), headers);
  sb.log.error('stripe-sandbox', `${c.req.method} ${c.req.path} failed`, err);
  const body: StripeErrorBody = { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' };
  return send(c, 500, { error: body }, headers);
}

interface StoredResponse {
  request: string;
  status: number;
  body: unknown;
  request_id: string;
}

class KeyTaken extends Error {}

/** Stripe prunes idempotency keys once they are 24 hours old; a reused pruned key runs anew. */
export const IDEMPOTENCY_KEY_TTL_SECONDS = 24 * 60 * 60;

/**
 * An error raised while reading the parameters (parameter_missing, parameter_unknown,
 * parameter_invalid_*): Stripe saves no idempotent result for a request that failed validation,
 * so a corrected retry with the same key runs.
 */
function isValidationError(err: unknown): boolean {
  return err instanceof StripeApiError && err.status === 400 && (err.body.code?.startsWith('parameter_') ?? false);
}

/** Runs one API call: auth, declared params, idempotency, the handler in a transaction, expand[]. */
export function api(sb: SandboxCore, handler: Handler) {
  return async (c: Context): Promise<Response> => {
    const denied = checkKey(c, sb.settings.secretKey);
    if (denied) return send(c, denied.status, denied.toJSON());
    const key = c.req.method === 'POST' ? c.req.header('idempotency-key') : undefined;
    // Stripe echoes the key on every answer to a request that carried one
    const echo: Record<string, string> = key ? { 'idempotency-key': key } : {};
    let params: Params;
    let raw: string;
    try {
      ({ params, raw } = await readParams(c));
      checkDeclared(c.req.method, c.req.routePath, params);
    } catch (err) {
      return errorResponse(c, err, sb, echo);
    }
    const signature = `${c.req.method} ${c.req.path}\n${raw}`;
    const id = c.get('requestId') as string;

    if (c.req.method === 'GET') {
      // a read goes without a transaction; one that must write after all (a session due to expire) runs in one below
      try {
        const expandPaths = (arr(params, 'expand') ?? []).map(String);
        const body = await sb.read(
          async (t) => {
            // an object and its expansions in one statement (a retrieve with expand[])
            const objectId = c.req.param('id');
            if (objectId) await t.prefetch(objectId, expandPaths);
            return expand(t, await handler(t, params, c), expandPaths);
          },
          { id, idempotency_key: null },
        );
        return send(c, 200, body, echo);
      } catch (err) {
        if (!(err instanceof NeedsTransaction)) return errorResponse(c, err, sb, echo);
      }
    }

    for (let attempt = 0; attempt < 3; attempt++) {
      if (key) {
        await sb.pool.query('delete from _stripe_sandbox.idempotency where key = $1 and created_at <= to_timestamp($2)', [
          key,
          sb.now() - IDEMPOTENCY_KEY_TTL_SECONDS,
        ]);
        const { rows } = await sb.pool.query<StoredResponse>('select request, status, body, request_id from _stripe_sandbox.idempotency where key = $1', [key]);
        const stored = rows[0];
        if (stored) {
          if (stored.request !== signature) {
            return send(
              c,
              400,
              new StripeApiError(400, {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              }).toJSON(),
              echo,
            );
          }
          return send(c, stored.status, stored.body, { ...echo, 'idempotent-replayed': 'true', 'original-request': stored.request_id });
        }
      }
      try {
        const body = await sb.tx(
          async (t) => {
            // the key is taken inside the transaction, so the stored answer commits with the change
            if (key) {
              const taken = await t.client.query(
                `insert into _stripe_sandbox.idempotency (key, request, status, body, request_id, created_at) values ($1, $2, 0, 'null', $3, to_timestamp($4)) on conflict do nothing returning key`,
                [key, signature, id, t.now],
              );
              if (!taken.rowCount) throw new KeyTaken();
            }
            const result = await handler(t, params, c);
            const expanded = await expand(t, result, (arr(params, 'expand') ?? []).map(String));
            if (key) await t.client.query('update _stripe_sandbox.idempotency set status = 200, body = $2 where key = $1', [key, JSON.stringify(expanded)]);
            return expanded;
          },
          { id, idempotency_key: key ?? null },
        );
        return send(c, 200, body, echo);
      } catch (err) {
        if (err instanceof KeyTaken) continue; // a concurrent request with this key committed: replay it
        if (key && err instanceof StripeApiError && err.status !== 409 && !isValidationError(err)) {
          // Stripe keeps the answer of a request that began executing, 4xx included
          await sb.pool.query(
            `insert into _stripe_sandbox.idempotency (key, request, status, body, request_id, created_at) values ($1, $2, $3, $4, $5, to_timestamp($6)) on conflict do nothing`,
            [key, signature, err.status, JSON.stringify(err.toJSON()), id, sb.now()],
          );
        }
        return errorResponse(c, err, sb, echo);
      }
    }
    return send(
      c,
      409,
      new StripeApiError(409, {
        type: 'idempotency_error',
        code: 'idempotency_key_in_use',
        message:
          'There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ' +
          key +
          '. Please try again later.',
      }).toJSON(),
      echo,
    );
  };
}
