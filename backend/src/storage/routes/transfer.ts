// Move and copy, within a bucket or between buckets (the destination's limits apply).
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import * as db from '../db.ts';
import { requireBucket, type StorageDeps } from '../deps.ts';
import { errors } from '../errors.ts';
import { assertFitsBucket } from '../limits.ts';
import { assertBucketId, assertObjectName } from '../names.ts';
import { callerOf, jsonBody } from '../request.ts';
import { asCaller, dryRunAsCaller, ownerOf } from '../tx.ts';
import { finalizeObject } from '../upload.ts';

const transferBody = z.object({
  bucketId: z.string(),
  sourceKey: z.string(),
  destinationKey: z.string(),
  destinationBucket: z.string().optional(),
  copyMetadata: z.boolean().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

export function registerTransfers(app: Hono, deps: StorageDeps): void {
  const { ctx, store } = deps;

  app.post('/object/move', async (c) => {
    const caller = await callerOf(c, ctx.config);
    await deps.ready;
    const body = await jsonBody(c, transferBody);
    const from = { bucket: assertBucketId(body.bucketId), name: assertObjectName(body.sourceKey) };
    const to = {
      bucket: assertBucketId(body.destinationBucket ?? body.bucketId),
      name: assertObjectName(body.destinationKey),
      version: randomUUID(),
    };
    await requireBucket(deps, from.bucket);
    const toRow = await requireBucket(deps, to.bucket);
    let linked = false;
    let previous: string | null = null;
    try {
      await asCaller(ctx.pool, caller, async (client) => {
        const source = await db.findObject(client, from.bucket, from.name);
        if (!source || !source.version) throw errors.noSuchKey();
        if (to.bucket !== from.bucket && source.metadata) assertFitsBucket(source.metadata, toRow);
        previous = source.version;
        // UPDATE under RLS: the old row must pass USING, the renamed row WITH CHECK.
        if (!(await db.renameObject(client, from, to))) throw errors.noSuchKey();
        await store.duplicate({ ...from, version: source.version }, to);
        linked = true;
      });
    } catch (err) {
      if (linked) await store.remove(to.bucket, to.name, to.version).catch(() => undefined);
      throw err;
    } finally {
      await store.settle(to.version);
    }
    if (previous) await store.remove(from.bucket, from.name, previous).catch(() => undefined);
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const caller = await callerOf(c, ctx.config);
    await deps.ready;
    const body = await jsonBody(c, transferBody);
    const upsert = c.req.header('x-upsert') === 'true';
    const from = { bucket: assertBucketId(body.bucketId), name: assertObjectName(body.sourceKey) };
    const toBucket = assertBucketId(body.destinationBucket ?? body.bucketId);
    const toName = assertObjectName(body.destinationKey);
    await requireBucket(deps, from.bucket);
    const toRow = await requireBucket(deps, toBucket);
    const source = await asCaller(ctx.pool, caller, (client) => db.findObject(client, from.bucket, from.name));
    if (!source || !source.version || !source.metadata) throw errors.noSuchKey();
    if (toBucket !== from.bucket) assertFitsBucket(source.metadata, toRow);
    const object: db.NewObject = {
      bucket: toBucket,
      name: toName,
      ...ownerOf(caller.claims),
      version: randomUUID(),
      metadata: { ...source.metadata, lastModified: new Date().toUTCString() },
      user_metadata: body.copyMetadata === false ? (body.metadata ?? null) : source.user_metadata,
    };
    // The caller must be allowed to create the destination, checked before bytes move.
    await dryRunAsCaller(ctx.pool, caller, (client) => db.insertObject(client, object, upsert));
    await store.duplicate({ ...from, version: source.version }, object);
    const id = await finalizeObject(ctx, store, null, object, upsert);
    return c.json({ Id: id, Key: `${toBucket}/${toName}`, name: toName, bucket_id: toBucket });
  });
}
