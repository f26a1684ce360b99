// One object by its path: upload, overwrite, download, delete; and removing many at once.
// Registered last: "/object/:bucket/*" would take any of the other routes' first words.
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import * as db from '../db.ts';
import { maxBatch, removeFiles, requireBucket, visibleObject, type StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { assertBucketId, isSafeObjectName } from '../names.ts';
import { callerOf, jsonBody, objectParams } from '../request.ts';
import { serveObject } from '../serve.ts';
import { asCaller } from '../tx.ts';
import { readUploadBody, uploadObject } from '../upload.ts';

const removeBody = z.object({ prefixes: z.array(z.string()).min(1).max(maxBatch) });

export function registerObjects(app: Hono, deps: StorageDeps): void {
  const { ctx, store } = deps;

  // --- remove many
  app.delete('/object/:bucket', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const bucket = assertBucketId(c.req.param('bucket'));
    const { prefixes } = await jsonBody(c, removeBody);
    await requireBucket(deps, bucket);
    const names = prefixes.filter(isSafeObjectName);
    const deleted = await asCaller(ctx.pool, caller, (client) => db.deleteObjects(client, bucket, names));
    await removeFiles(deps, deleted);
    return c.json(deleted);
  });

  // --- one object: upload, overwrite, download, delete
  const upload = (upsertFromHeader: boolean) => async (c: Context) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    await deps.ready;
    const input = await readUploadBody(c.req.raw);
    const upsert = upsertFromHeader ? c.req.header('x-upsert') === 'true' : true;
    return c.json(await uploadObject(ctx, store, caller, bucket, name, input, upsert));
  };
  app.post('/object/:bucket/:name{[^]+}', upload(true));
  app.put('/object/:bucket/:name{[^]+}', upload(false));

  const download = async (c: Context) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    return serveObject(c, store, await visibleObject(deps, caller, bucket, name));
  };
  app.on(['GET', 'HEAD'], '/object/authenticated/:bucket/:name{[^]+}', download);
  app.on(['GET', 'HEAD'], '/object/:bucket/:name{[^]+}', download);

  app.delete('/object/:bucket/:name{[^]+}', async (c) => {
    const caller = await callerOf(c, ctx.config);
    const { bucket, name } = objectParams(c);
    await requireBucket(deps, bucket);
    const deleted = await asCaller(ctx.pool, caller, (client) => db.deleteObjects(client, bucket, [name]));
    if (deleted.length === 0) throw errors.noSuchKey();
    await removeFiles(deps, deleted);
    return c.json({ message: 'Successfully deleted' });
  });
}
