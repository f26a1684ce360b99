// Bucket routes of /storage/v1, run as the caller so RLS on storage.buckets decides
// (in practice only the service role manages buckets, as on hosted Supabase).
import type { Hono } from 'hono';
import { z } from 'zod';
import * as db from './db.ts';
import { errors } from './errors.ts';
import { parseAllowedMimeTypes, parseFileSizeLimit } from './limits.ts';
import { assertBucketId } from './names.ts';
import { removeFiles, type StorageDeps } from './deps.ts';
import { callerOf, jsonBody } from './request.ts';
import { asCaller, ownerOf } from './tx.ts';

const bucketFields = {
  public: z.boolean().optional(),
  file_size_limit: z.union([z.number(), z.string(), z.null()]).optional(),
  allowed_mime_types: z.array(z.string()).nullable().optional(),
};
const createBody = z.object({
  id: z.string().optional(),
  name: z.string(),
  type: z.enum(['STANDARD']).optional(),
  ...bucketFields,
});
const updateBody = z.object(bucketFields);
const listQuery = z.object({
  limit: z.coerce.number().int().positive().optional(),
  offset: z.coerce.number().int().min(0).optional(),
  sortColumn: z.enum(['id', 'name', 'created_at', 'updated_at']).default('name'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  search: z.string().optional(),
});

function fields(body: z.infer<typeof updateBody>): db.BucketFields {
  return {
    public: body.public,
    file_size_limit: body.file_size_limit === undefined ? undefined : parseFileSizeLimit(body.file_size_limit),
    allowed_mime_types: body.allowed_mime_types === undefined ? undefined : parseAllowedMimeTypes(body.allowed_mime_types),
  };
}

/** A bucket as GET /bucket lists it (with its type, as Storage's listBuckets selects it). */
function bucketJson(row: db.BucketRow) {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner ?? '',
    public: row.public,
    type: row.type,
    file_size_limit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowed_mime_types: row.allowed_mime_types,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** GET /bucket/:id: the columns Storage's getBucket selects, which leave out type. */
function oneBucketJson(row: db.BucketRow) {
  const { type: _type, ...fields } = bucketJson(row);
  return fields;
}

export function registerBucketRoutes(app: Hono, deps: StorageDeps): void {
  const { ctx, store } = deps;

  app.get('/bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) throw errors.invalidRequest(parsed.error.issues[0]!.message);
    const rows = await asCaller(ctx.pool, caller, (client) => db.listBuckets(client, parsed.data));
    return c.json(rows.map(bucketJson));
  });

  app.get('/bucket/:id', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const id = assertBucketId(c.req.param('id'));
    const row = await asCaller(ctx.pool, caller, (client) => db.findBucket(client, id));
    if (!row) throw errors.noSuchBucket();
    return c.json(oneBucketJson(row));
  });

  app.post('/bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const body = await jsonBody(c, createBody);
    const id = assertBucketId(body.id ?? body.name);
    const name = assertBucketId(body.name);
    const values = { id, name, ...ownerOf(caller.claims), type: body.type ?? 'STANDARD', ...fields(body) };
    await asCaller(ctx.pool, caller, (client) => db.insertBucket(client, values));
    return c.json({ name });
  });

  app.put('/bucket/:id', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const id = assertBucketId(c.req.param('id'));
    const body = await jsonBody(c, updateBody);
    const changed = await asCaller(ctx.pool, caller, (client) => db.updateBucket(client, id, fields(body)));
    if (!changed) throw errors.noSuchBucket();
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const id = assertBucketId(c.req.param('id'));
    const deleted = await asCaller(ctx.pool, caller, async (client) => {
      if (!(await db.findBucket(client, id))) throw errors.noSuchBucket();
      return db.deleteAllObjects(client, id);
    });
    await removeFiles(deps, deleted);
    // Storage's words: it queues the deletion; here it is done before the answer.
    return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' });
  });

  app.delete('/bucket/:id', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const id = assertBucketId(c.req.param('id'));
    // Objects are counted as superuser: ones the caller cannot see still block deletion.
    if (await db.bucketHasObjects(ctx.pool, id)) throw errors.bucketNotEmpty();
    const deleted = await asCaller(ctx.pool, caller, (client) => db.deleteBucket(client, id));
    if (!deleted) throw errors.noSuchBucket();
    await store.removeBucket(id).catch(() => undefined);
    return c.json({ message: 'Successfully deleted' });
  });
}
