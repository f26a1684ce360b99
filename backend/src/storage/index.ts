// Entry of the embedded storage service, mounted by the gateway under /storage/v1.
import { Hono } from 'hono';
import type { ServiceContext } from '../context.ts';

export function createStorageApp(_ctx: ServiceContext): Hono {
  const app = new Hono();
  return app;
}
