// The one way a function answers, as hosted Edge Functions need it:
//   Deno.serve(handler({ name: 'refund', methods: ['POST'] }, async (req, ctx) => { … }));
// - OPTIONS (the CORS preflight) is answered here, and every answer, errors included, carries
//   supabase-js's own corsHeaders (plus a function's extra request/exposed headers). Hosted adds
//   none, and the embedded gateway adds none to /functions/v1 either. Webhooks pass cors: false.
//   The apps' own x-deployment-id is allowed too (shared/src/deployment.ts).
// - Any other method outside `methods` → 405 method_not_allowed with an Allow header.
// - ctx.body(schema) / ctx.parse(schema, raw): zod validation, a 400 naming each bad field.
// - ctx.member(): the signed-in person (401 not_signed_in), refused with 403 aal2_required while the
//   account's authenticator app has not been passed (public.mfa_satisfied() in the database agrees).
// - ctx.caller(token) acts as the caller (row-level security decides), ctx.service() with the
//   service key; both typed with the generated Database.
// - One error shape: { error: { code, message, details } } (shared/src/contracts/envelope.ts);
//   throw FunctionError for a refusal, anything else becomes a logged 500 server_error.
// - One log line per request: `<function> <method> <status> <ms>ms`.
import { corsHeaders } from '@supabase/supabase-js/cors';
import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Database } from '@stitchhouse/shared/database.types.ts';
import { DEPLOYMENT_HEADER } from '@stitchhouse/shared/deployment.ts';
import type { FunctionErrorBody } from '@stitchhouse/shared/contracts/envelope.ts';
import { AAL2_REQUIRED, callerClient, json, serviceClient, signedInUser, type SignedInUser } from './clients.ts';

export type Db = SupabaseClient<Database>;
/** What a refusal carries besides its code and words (the contract of the code says which). */
export type Details = FunctionErrorBody['details'];
type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A refusal with its contract code; `details` is what the code's contract says it carries. */
export class FunctionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly details: Details = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'FunctionError';
  }
}

export interface HandlerOptions {
  /** The function's folder name, for the log line. */
  name: string;
  /** What it accepts besides OPTIONS. */
  methods: readonly Method[];
  /** false for server-to-server endpoints (webhooks): no CORS headers, no preflight. */
  cors?: boolean;
  /** Request headers a browser may send besides supabase-js's own (e.g. idempotency-key). */
  allowHeaders?: readonly string[];
  /** Response headers a browser may read (e.g. etag, retry-after). */
  exposeHeaders?: readonly string[];
  /** The code of a 400 for an invalid input (the function's contract names it). */
  invalidCode?: string;
  /** Maps errors of a library the function uses (e.g. Stripe's) to a refusal; undefined: not one of them. */
  failure?: (err: unknown) => FunctionError | undefined;
  /** What a person reads on a 500. */
  serverErrorMessage?: string;
}

export interface Context {
  url: URL;
  /** The JSON body, checked by `schema`; 400 when it is not JSON or does not fit (`code`: the contract's code for a misfit). */
  body<S extends z.ZodType>(schema: S, code?: string): Promise<z.output<S>>;
  /** `raw` checked by `schema` (query parameters, a path segment); 400 when it does not fit. */
  parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S>;
  /** The signed-in member: 401 not_signed_in without a session, 403 aal2_required before their second factor. */
  member(signInMessage: string): Promise<SignedInUser>;
  /** Acting as the caller: row-level security decides what they see. */
  caller(token: string): Db;
  /** The service key: platform-only work, after the function has checked who may ask. */
  service(): Db;
  /** A JSON answer (no-store); CORS is added by the handler. */
  json(body: unknown, status?: number, headers?: Record<string, string>): Response;
}

/** The error answer; the handler adds CORS. */
export function errorResponse(code: string, message: string, status: number, details: Details = null, headers: Record<string, string> = {}): Response {
  const error: FunctionErrorBody = { code, message, details };
  return json({ error }, status, headers);
}

/** The schema's messages (written for people), joined; each issue's field is in the 400's details. */
export function describeIssues(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join('; ');
}

/** details of a 400: each issue with the field it is about ("items.0.quantity"). */
export function issueDetails(error: z.ZodError): { issues: Array<{ path: string; message: string }> } {
  return { issues: error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })) };
}

export function corsFor(opts: Pick<HandlerOptions, 'allowHeaders' | 'exposeHeaders'>): Record<string, string> {
  // the apps' supabase client sends its deployment id (skew protection) on every request
  const headers: Record<string, string> = {
    ...corsHeaders,
    'Access-Control-Allow-Headers': [corsHeaders['Access-Control-Allow-Headers'], DEPLOYMENT_HEADER, ...(opts.allowHeaders ?? [])].join(', '),
  };
  if (opts.exposeHeaders?.length) headers['Access-Control-Expose-Headers'] = opts.exposeHeaders.join(', ');
  return headers;
}

function withHeaders(res: Response, extra: Record<string, string>): Response {
  const headers = new Headers(res.headers);
  for (const [key, value] of Object.entries(extra)) headers.set(key, value);
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export function handler(opts: HandlerOptions, run: (req: Request, ctx: Context) => Promise<Response>): (req: Request) => Promise<Response> {
  const cors = opts.cors === false ? {} : corsFor(opts);
  const allow = [...opts.methods, ...(opts.cors === false ? [] : ['OPTIONS'])].join(', ');
  const invalidCode = opts.invalidCode ?? 'invalid_request';
  const invalid = (message: string) => new FunctionError(invalidCode, message, 400);
  const parse = <S extends z.ZodType>(schema: S, raw: unknown, code = invalidCode): z.output<S> => {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) throw new FunctionError(code, describeIssues(parsed.error), 400, issueDetails(parsed.error));
    return parsed.data;
  };

  const answer = async (req: Request): Promise<Response> => {
    if (req.method === 'OPTIONS' && opts.cors !== false) return new Response('ok', { status: 200 });
    if (!(opts.methods as readonly string[]).includes(req.method)) {
      return errorResponse('method_not_allowed', `Use ${opts.methods.join(' or ')}.`, 405, { allowed: [...opts.methods] }, { allow });
    }
    const ctx: Context = {
      url: new URL(req.url),
      body: async (schema, code) => {
        const raw: unknown = await req.json().catch(() => undefined);
        if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('The body must be a JSON object.');
        return parse(schema, raw, code);
      },
      parse: (schema, raw) => parse(schema, raw),
      member: async (signInMessage) => {
        const caller = await signedInUser(req);
        if (!caller) throw new FunctionError('not_signed_in', signInMessage, 401);
        if (caller.needsSecondFactor) throw new FunctionError(AAL2_REQUIRED.code, AAL2_REQUIRED.message, 403);
        return caller;
      },
      caller: callerClient,
      service: serviceClient,
      json,
    };
    try {
      return await run(req, ctx);
    } catch (err) {
      const failure = err instanceof FunctionError ? err : opts.failure?.(err);
      if (failure) return errorResponse(failure.code, failure.message, failure.status, failure.details, failure.headers);
      console.error(`${opts.name} failed`, err);
      return errorResponse('server_error', opts.serverErrorMessage ?? 'Something went wrong on our side. Please try again in a moment.', 500);
    }
  };

  return async (req) => {
    const started = performance.now();
    const res = withHeaders(await answer(req), cors);
    console.log(`${opts.name} ${req.method} ${res.status} ${Math.round(performance.now() - started)}ms`);
    return res;
  };
}
