// Reading without the object's bytes or with no auth: public buckets' objects, an object's
// info, and one folder level of a listing.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import * as db from '../db.ts';
import { publicObject, requireBucket, visibleObject, type StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { assertBucketId, assertPrefix } from '../names.ts';
import { callerOf, jsonBody, objectParams } from '../request.ts';
import { serveObject } from '../serve.ts';
import { asCaller } from '../tx.ts';

const maxListLimit = 1000;
const listBody = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().positive().max(maxListLimit).default(100),
  offset: z.number().int().min(0).default(0),
  search: z.string().default(''),
  sortBy: z
    .object({
      column: z.enum(['name', 'updated_at', 'created_at', 'last_accessed_at']).default('name'),
      order: z.enum(['asc', 'desc', 'ASC', 'DESC']).default('asc'),
    })
    .default({ column: 'name', order: 'asc' }),
});

/** list-v2's body, as Storage's searchRequestBodySchema. */
const listV2Body = z.object({
  prefix: z.string().default(''),
  limit: z.number().int().min(1).optional(),
  cursor: z.string().optional(),
  with_delimiter: z.boolean().optional(),
  sortBy: z.object({ column: z.enum(['name', 'updated_at', 'created_at']), order: z.enum(['asc', 'desc']).optional() }).optional(),
});

/** Storage's continuation token: base64 of "l:<last key>", "o:<order>", "c:<column>", "a:<last time>" lines. */
interface ListV2Cursor {
  startAfter: string;
  sortOrder?: string;
  sortColumn?: string;
  sortColumnAfter?: string;
}
const cursorParts = { l: 'startAfter', o: 'sortOrder', c: 'sortColumn', a: 'sortColumnAfter' } as const;

function encodeCursor(cursor: ListV2Cursor): string {
  const lines = Object.entries(cursorParts)
    .filter(([, field]) => cursor[field])
    .map(([letter, field]) => `${letter}:${cursor[field]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token: string): ListV2Cursor {
  const cursor: ListV2Cursor = { startAfter: '', sortOrder: 'asc' };
  for (const line of Buffer.from(token, 'base64').toString().split('\n')) {
    const match = /^(\S):(.*)/.exec(line);
    if (!match || !(match[1]! in cursorParts)) throw errors.invalidParameter('continuation token');
    cursor[cursorParts[match[1] as keyof typeof cursorParts]] = match[2]!;
  }
  if (cursor.sortOrder !== 'asc' && cursor.sortOrder !== 'desc') throw errors.invalidParameter('continuation token');
  if (cursor.sortColumn !== undefined && !['name', 'updated_at', 'created_at'].includes(cursor.sortColumn)) {
    throw errors.invalidParameter('continuation token');
  }
  if (cursor.sortColumnAfter !== undefined && Number.isNaN(Date.parse(cursor.sortColumnAfter))) throw errors.invalidParameter('continuation token');
  return cursor;
}

/** Postgres's split_part: the n-th "/"-separated field (1-based), '' past the end. */
const splitPart = (name: string, n: number) => name.split('/')[n - 1] ?? '';

/** Registered before the object routes, so "public", "info" and "list" are not read as buckets. */
export function registerReads(app: Hono, deps: StorageDeps): void {
  const { ctx, store } = deps;

  // --- public buckets: no auth at all
  app.get('/object/public/:bucket/:name{[^]+}', async (c) => {
    const { bucket, name } = objectParams(c);
    return serveObject(c, store, await publicObject(deps, bucket, name));
  });

  // --- info
  const info = async (c: Context) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    const object = await visibleObject(deps, caller, bucket, name);
    return c.json({
      id: object.id,
      name: object.name,
      version: object.version,
      bucket_id: object.bucket_id,
      size: object.metadata?.size ?? null,
      content_type: object.metadata?.mimetype ?? null,
      cache_control: object.metadata?.cacheControl ?? null,
      etag: object.metadata?.eTag ?? null,
      metadata: object.user_metadata ?? {},
      last_modified: object.updated_at,
      created_at: object.created_at,
    });
  };
  app.get('/object/info/authenticated/:bucket/:name{[^]+}', info);
  app.get('/object/info/public/:bucket/:name{[^]+}', info);
  app.get('/object/info/:bucket/:name{[^]+}', info);

  // --- list one folder level
  app.post('/object/list/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const body = await jsonBody(c, listBody);
    const prefix = assertPrefix(body.prefix);
    await requireBucket(deps, bucket);
    const entries = await asCaller(ctx.pool, caller, (client) =>
      db.searchObjects(client, {
        prefix,
        bucket,
        limit: body.limit,
        offset: body.offset,
        search: body.search,
        sortColumn: body.sortBy.column,
        sortOrder: body.sortBy.order.toLowerCase(),
      }),
    );
    return c.json(entries);
  });

  // --- list v2 (storage-js listV2): the objects under a prefix, flat or as folders, cursor paged
  app.post('/object/list-v2/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const body = await jsonBody(c, listV2Body);
    const prefix = body.prefix;
    const limit = Math.min(body.limit ?? maxListLimit, maxListLimit);
    const cursor = body.cursor ? decodeCursor(body.cursor) : undefined;
    // As Storage: the cursor's order and column win over the body's.
    const sortColumn = (cursor?.sortColumn ?? body.sortBy?.column ?? 'name') as 'name' | 'updated_at' | 'created_at';
    const sortOrder = (cursor?.sortOrder ?? body.sortBy?.order ?? 'asc') as 'asc' | 'desc';
    const delimited = body.with_delimiter === true;
    await requireBucket(deps, bucket);
    const rows = await asCaller(ctx.pool, caller, (client) =>
      db.listObjectsV2(client, {
        bucket,
        prefix,
        delimited,
        sortColumn,
        sortOrder,
        limit: limit + 1,
        after: cursor ? { key: cursor.startAfter, time: cursor.sortColumnAfter } : undefined,
      }),
    );
    const hasNext = rows.length > limit;
    const page = rows.slice(0, limit);
    const levels = prefix === '' ? 1 : prefix.split('/').length;
    const folders = [];
    const objects = [];
    for (const { sort_key: _key, ...row } of page) {
      const entry = delimited ? { key: splitPart(row.name, levels), ...row } : row;
      if (row.id === null) folders.push({ ...entry, name: `${row.name}/` });
      else objects.push(entry);
    }
    const last = page.at(-1);
    const time = last && sortColumn !== 'name' ? last[sortColumn] : null;
    return c.json({
      hasNext,
      nextCursor:
        hasNext && last
          ? encodeCursor({
              startAfter: last.sort_key,
              sortOrder: cursor?.sortOrder ?? body.sortBy?.order,
              sortColumn: cursor?.sortColumn ?? body.sortBy?.column,
              sortColumnAfter: time ? new Date(time).toISOString() : undefined,
            })
          : undefined,
      nextCursorKey: hasNext && last ? last.name : undefined,
      folders,
      objects,
    });
  });
}
