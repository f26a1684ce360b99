// Entry of the embedded auth service, mounted by the gateway under /auth/v1.
import { Hono } from 'hono';
import type { ServiceContext } from '../context.ts';

export function createAuthApp(_ctx: ServiceContext): Hono {
  const app = new Hono();
  return app;
}
