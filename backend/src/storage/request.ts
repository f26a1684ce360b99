// Request helpers shared by the storage routes.
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ProjectKeys } from '../jwt.ts';
import { requestClaims } from './claims.ts';
import { errors } from './errors.ts';
import { assertBucketId, assertObjectName } from './names.ts';
import type { Caller } from './tx.ts';

export async function callerOf(c: Context, keys: ProjectKeys): Promise<Caller> {
  return {
    claims: await requestClaims(c.req.header('authorization'), keys),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
  };
}

export function objectParams(c: Context): { bucket: string; name: string } {
  return { bucket: assertBucketId(c.req.param('bucket')), name: assertObjectName(c.req.param('name')) };
}

/** Parses a JSON body with a zod schema; anything else is a clear 400. */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  const text = await c.req.text();
  try {
    body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw errors.invalidRequest('The request body is not valid JSON');
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw errors.invalidRequest(`${where}${issue.message}`);
  }
  return result.data;
}
