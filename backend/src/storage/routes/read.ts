// Reading without the object's bytes or with no auth: public buckets' objects, an object's
// info, and one folder level of a listing.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import * as db from '../db.ts';
import { publicObject, requireBucket, visibleObject, type StorageDeps } from '../deps.ts';
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
}
