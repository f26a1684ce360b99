// Entry of the embedded functions service, mounted by the gateway under /functions/v1.
import { Hono } from 'hono';
import type { ServiceContext } from '../context.ts';

export function createFunctionsApp(_ctx: ServiceContext): Hono {
  const app = new Hono();
  return app;
}
