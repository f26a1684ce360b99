// Stripe's own sample objects (fixtures.json: the resources we serve, from stripe/openapi
// fixtures3.json, MIT, brought to the pinned API version where the conformance suite found them
// behind: fields the version added are there, fields it removed, like invoice.subscription, are
// not). Every object the sandbox answers with starts from its fixture so field names and nesting
// match Stripe; the builder then fills the real values. What decides is the generated schema
// (schema/objects.json, backend/test/stripe-sandbox-conformance.test.ts).
import fs from 'node:fs';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type FixtureObject = { [key: string]: Json };

const fixtures = JSON.parse(fs.readFileSync(new URL('./fixtures.json', import.meta.url), 'utf8')) as Record<string, FixtureObject>;

export function fixture(type: string): FixtureObject {
  const found = fixtures[type];
  if (!found) throw new Error(`no Stripe fixture for ${type}`);
  return found;
}

/**
 * The fixture's shape with `values` filled in. Fields the builder does not set keep their
 * structure but lose the sample's made-up contents (numbers and strings become null,
 * booleans false, arrays and lists empty): a real fresh object, not Stripe's example data.
 */
export function shaped<T>(type: string, values: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, sample] of Object.entries(fixture(type))) out[key] = key in values ? values[key] : blank(sample);
  for (const [key, value] of Object.entries(values)) if (!(key in out)) out[key] = value;
  return out as T;
}

function blank(sample: Json): Json {
  if (sample === null || typeof sample === 'number' || typeof sample === 'string') return null;
  if (typeof sample === 'boolean') return false;
  if (Array.isArray(sample)) return [];
  if (sample.object === 'list') return { ...sample, data: [], has_more: false };
  return Object.fromEntries(Object.entries(sample).map(([k, v]) => [k, blank(v)]));
}
