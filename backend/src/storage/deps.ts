// What every storage route needs: the service context, the file store and the startup
// clean-up to wait for; plus the steps most routes share.
import type { ServiceContext } from '../context.ts';
import * as db from './db.ts';
import { errors } from './errors.ts';
import type { FileStore } from './files.ts';
import { readAsCaller, type Caller } from './tx.ts';

export interface StorageDeps {
  ctx: ServiceContext;
  store: FileStore;
  /** Resolves once a previous run's leftovers are gone (files without a row, temp files). */
  ready: Promise<void>;
}

/** At most this many paths in one request (signed URLs, removal), as Supabase Storage. */
export const maxBatch = 1000;

export async function requireBucket(deps: StorageDeps, id: string): Promise<db.BucketRow> {
  const bucket = await db.findBucket(deps.ctx.pool, id);
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

/** An object of a public bucket, read with no key and no RLS (/object/public, /render/image/public). */
export async function publicObject(deps: StorageDeps, bucket: string, name: string): Promise<db.ObjectRow> {
  const row = await db.findBucket(deps.ctx.pool, bucket);
  if (!row || !row.public) throw errors.noSuchBucket();
  const object = await db.findObject(deps.ctx.pool, bucket, name);
  if (!object) throw errors.noSuchKey();
  return object;
}

/** An object as the caller's row-level security lets them see it (downloads, info, renders). */
export async function visibleObject(deps: StorageDeps, caller: Caller, bucket: string, name: string): Promise<db.ObjectRow> {
  await requireBucket(deps, bucket);
  const object = await readAsCaller(deps.ctx.pool, caller, (client) => db.findObject(client, bucket, name));
  if (!object) throw errors.noSuchKey();
  return object;
}

export async function removeFiles(deps: StorageDeps, rows: db.ObjectRow[]): Promise<void> {
  for (const row of rows) {
    if (!row.version) continue;
    await deps.store.remove(row.bucket_id, row.name, row.version).catch((err) => {
      deps.ctx.log.error('storage', `could not remove file of ${row.bucket_id}/${row.name}`, err);
    });
  }
}
