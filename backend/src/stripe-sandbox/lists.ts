// Stripe's list pagination: newest first, `limit` 1–100 (default 10), cursors `starting_after`
// (the page after an object, older) and `ending_before` (the page before it, newer), `has_more`
// saying whether the list goes on in that direction. The SDK's auto-pagination walks these.
import type Stripe from 'stripe';
import { EVENT_DATA_SQL, list } from './core.ts';
import { invalidParam, invalidRequest, noSuch } from './errors.ts';
import { int, str, type Params } from './params.ts';
import type { Tx } from './store.ts';

export interface Page {
  limit: number;
  startingAfter?: string;
  endingBefore?: string;
}

export function pageOf(p: Params): Page {
  const limit = int(p, 'limit') ?? 10;
  if (limit < 1) throw invalidParam('limit', 'This value must be greater than or equal to 1.', 'parameter_invalid_integer');
  if (limit > 100) throw invalidParam('limit', `This value must be less than or equal to 100 (it currently is '${limit}').`, 'parameter_invalid_integer');
  const startingAfter = str(p, 'starting_after');
  const endingBefore = str(p, 'ending_before');
  if (startingAfter && endingBefore) {
    throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.', 'parameter_invalid_string', 'ending_before');
  }
  return { limit, ...(startingAfter ? { startingAfter } : {}), ...(endingBefore ? { endingBefore } : {}) };
}

/**
 * One page of rows of `table` (objects or events; both carry `seq`, the insertion order) matching
 * `where` (placeholders from $1, `args` in order), as a Stripe list. `kind` names the cursor's
 * object in the 404 for an unknown cursor.
 */
async function page<T>(t: Tx, table: 'objects' | 'events', kind: string, where: string, args: unknown[], p: Page, url: string): Promise<Stripe.ApiList<T>> {
  const cursorId = p.startingAfter ?? p.endingBefore;
  const clauses = [`(${where})`];
  const values = [...args];
  let order = 'desc';
  if (cursorId) {
    const { rows } = await t.client.query<{ seq: string }>(`select seq from _stripe_sandbox.${table} where id = $1`, [cursorId]);
    if (!rows[0]) throw noSuch(kind, cursorId, p.startingAfter ? 'starting_after' : 'ending_before');
    values.push(rows[0].seq);
    clauses.push(p.startingAfter ? `seq < $${values.length}` : `seq > $${values.length}`);
    if (p.endingBefore) order = 'asc';
  }
  const { rows } = await t.client.query<{ data: T }>(
    `select ${table === 'events' ? EVENT_DATA_SQL : 'e.data'} as data from _stripe_sandbox.${table} e where ${clauses.join(' and ')} order by seq ${order} limit ${p.limit + 1}`,
    values,
  );
  const data = rows.slice(0, p.limit).map((r) => r.data);
  if (order === 'asc') data.reverse();
  return list(data, url, rows.length > p.limit);
}

/** A page of stored objects of one type; `where` may use $2… for `args` ($1 is the type). */
export function listObjects<T>(t: Tx, type: string, where: string, args: unknown[], p: Params, url: string): Promise<Stripe.ApiList<T>> {
  return page<T>(t, 'objects', type, `type = $1 and (${where})`, [type, ...args], pageOf(p), url);
}

/** A page of events, optionally of one type or of a list of types. */
export function listEvents(t: Tx, p: Params, types: string[] | undefined): Promise<Stripe.ApiList<Stripe.Event>> {
  return types?.length
    ? page<Stripe.Event>(t, 'events', 'event', 'type = any($1)', [types], pageOf(p), '/v1/events')
    : page<Stripe.Event>(t, 'events', 'event', 'true', [], pageOf(p), '/v1/events');
}
