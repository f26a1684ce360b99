// expand[]: replaces ids in an answer by the objects they name (a.b.c paths, lists via data.*).
import type { Tx } from './store.ts';
import { invalidRequest } from './errors.ts';
import { lineItemsOf, getSession } from './api/checkout.ts';

type Obj = Record<string, unknown>;

export async function expand(t: Tx, value: unknown, paths: string[]): Promise<unknown> {
  let out = value;
  for (const path of paths) out = await expandPath(t, out, path.split('.'), path);
  return out;
}

async function expandPath(t: Tx, value: unknown, segments: string[], full: string): Promise<unknown> {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return Promise.all(value.map((v) => expandPath(t, v, segments, full)));
  const obj = value as Obj;
  const [head, ...rest] = segments as [string, ...string[]];
  let field = obj[head];
  if (head === 'line_items' && obj.object === 'checkout.session') {
    field = lineItemsOf(await getSession(t, obj.id as string));
  } else if (!(head in obj)) {
    throw invalidRequest(`This property cannot be expanded (${full}).`, undefined, 'expand');
  } else if (typeof field === 'string') {
    const found = await t.get(field);
    if (!found) throw invalidRequest(`This property cannot be expanded (${full}).`, undefined, 'expand');
    field = found.data;
  }
  return { ...obj, [head]: rest.length ? await expandPath(t, field, rest, full) : field };
}
