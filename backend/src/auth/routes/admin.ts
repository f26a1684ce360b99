// Service-role endpoints the seed and tests use: create, list, read and delete users.
import type { Hono } from 'hono';
import type { AuthDeps } from '../deps.ts';
import { withTx } from '../db.ts';
import { AuthError } from '../errors.ts';
import { readBody } from '../http.ts';
import { assertStrongPassword } from '../password.ts';
import { adminCreateUserBody, isValidEmail } from '../schemas.ts';
import { isUuid, requireAdmin } from '../sessions.ts';
import { createUser, findUserByEmail, findUserById, userJson, type UserRow } from '../users.ts';
import { invalidEmail } from './signup.ts';

const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found');

export function registerAdmin(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(ctx, c.req.header('authorization'));
    await next();
  });

  app.post('/admin/users', async (c) => {
    const body = await readBody(c, adminCreateUserBody);
    if (!isValidEmail(body.email)) throw invalidEmail();
    if (body.password != null) assertStrongPassword(body.password);
    const json = await withTx(ctx.pool, async (db) => {
      if (await findUserByEmail(db, body.email)) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      }
      const user = await createUser(db, {
        email: body.email,
        password: body.password ?? undefined,
        userMetadata: body.user_metadata ?? {},
        appMetadata: body.app_metadata ?? {},
        confirmed: body.email_confirm === true,
        role: body.role ?? undefined,
      });
      return userJson(db, user);
    });
    return c.json(json);
  });

  app.get('/admin/users', async (c) => {
    const page = Math.max(1, Number.parseInt(c.req.query('page') ?? '1', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(c.req.query('per_page') ?? '50', 10) || 50));
    const total = await ctx.pool.query<{ n: string }>('select count(*) as n from auth.users');
    const { rows } = await ctx.pool.query<UserRow>('select * from auth.users order by created_at, id limit $1 offset $2', [
      perPage,
      (page - 1) * perPage,
    ]);
    const users = [];
    for (const row of rows) users.push(await userJson(ctx.pool, row));
    c.header('X-Total-Count', total.rows[0]!.n);
    return c.json({ users, aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    const id = c.req.param('id');
    const user = isUuid(id) ? await findUserById(ctx.pool, id) : null;
    if (!user) throw userNotFound();
    return c.json(await userJson(ctx.pool, user));
  });

  app.delete('/admin/users/:id', async (c) => {
    const id = c.req.param('id');
    if (!isUuid(id)) throw userNotFound();
    const { rowCount } = await ctx.pool.query('delete from auth.users where id = $1', [id]);
    if (!rowCount) throw userNotFound();
    return c.json({});
  });
}
