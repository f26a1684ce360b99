// Entry of the embedded storage service, mounted by the gateway under /storage/v1.
// A Supabase Storage-compatible API for storage-js: buckets, objects on disk, signed URLs,
// permissions from row-level security on storage.objects (backend/README.md, Storage).
import { Hono } from 'hono';
import type { ServiceContext } from '../context.ts';
import { registerBucketRoutes } from './buckets.ts';
import * as db from './db.ts';
import { errorResponse, errors, StorageError } from './errors.ts';
import { FileStore } from './files.ts';
import { ImageRenderer } from './render.ts';
import { registerObjects } from './routes/objects.ts';
import { registerReads } from './routes/read.ts';
import { registerRenders } from './routes/render.ts';
import { registerSignedUrls } from './routes/signed.ts';
import { registerTransfers } from './routes/transfer.ts';

export function createStorageApp(ctx: ServiceContext): Hono {
  const store = new FileStore(ctx.config.dataDir);
  // Writes wait for this: files a killed backend placed without committing their row go,
  // then the temp folder (partial uploads) is emptied.
  const ready = store
    .recoverPending((bucket, name, version) => db.objectVersionExists(ctx.pool, bucket, name, version))
    .then((removed) => {
      if (removed > 0) ctx.log.info('storage', `removed ${removed} file(s) of uploads interrupted before their row committed`);
    })
    .then(() => store.clearTemp())
    .catch((err) => ctx.log.error('storage', 'could not clear interrupted uploads', err));
  ctx.log.info('storage', `objects stored under ${store.root}`);
  const app = new Hono();
  const deps = { ctx, store, ready };

  registerBucketRoutes(app, deps);
  // In this order: the first route that matches answers, and "/object/:bucket/*" (last)
  // would otherwise read sign, upload, public, info, list, move and copy as bucket names.
  const renderer = new ImageRenderer(store);
  registerSignedUrls(app, deps, renderer);
  registerReads(app, deps);
  registerRenders(app, deps, renderer);
  registerTransfers(app, deps);
  registerObjects(app, deps);

  // A catch-all route rather than notFound(): the gateway mounts this app with route(),
  // and a mounted app's notFound handler is not used.
  app.all('*', (c) => errorResponse(c, errors.invalidRequest(`Route ${c.req.method}:${new URL(c.req.url).pathname} not found`)));
  app.onError((err, c) => {
    if (err instanceof StorageError) return errorResponse(c, err);
    ctx.log.error('storage', `${c.req.method} ${new URL(c.req.url).pathname} failed`, err);
    return errorResponse(c, new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal Server Error'));
  });
  return app;
}
