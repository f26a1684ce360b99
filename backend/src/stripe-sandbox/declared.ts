// The parameters Stripe declares for each endpoint the sandbox implements (stripe-params.json,
// generated from the pinned SDK's types by backend/scripts/gen-stripe-params.mjs). A request with
// anything else is refused like Stripe refuses it: 400 parameter_unknown naming the parameter in
// its form notation (`payment_intent_data[foo]`, `line_items[0][price_data][foo]`).
import fs from 'node:fs';
import { StripeApiError } from './errors.ts';
import type { Params } from './params.ts';

/** true: a value; 'metadata': free-form keys; otherwise a hash (fields), an array (items), or both with a value. */
export type ParamNode = true | 'metadata' | { scalar?: true; fields?: Record<string, ParamNode>; items?: ParamNode };

interface Declared {
  stripe: string;
  endpoints: Record<string, { sdk: string; params: Record<string, ParamNode>; values?: Record<string, string[]> }>;
}

const declared = JSON.parse(fs.readFileSync(new URL('./stripe-params.json', import.meta.url), 'utf8')) as Declared;

/** The declared parameters of `METHOD /v1/path/:id` (the route as registered), or undefined. */
export function declaredParams(method: string, routePath: string): Record<string, ParamNode> | undefined {
  return declared.endpoints[`${method} ${routePath}`]?.params;
}

export function unknownParam(param: string): StripeApiError {
  return new StripeApiError(400, { type: 'invalid_request_error', code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` });
}

const at = (prefix: string, key: string): string => (prefix ? `${prefix}[${key}]` : key);

/** Throws parameter_unknown for the first parameter (depth first, in the order given) Stripe does not declare. */
export function checkDeclared(method: string, routePath: string, params: Params): void {
  const fields = declaredParams(method, routePath);
  if (!fields) {
    throw new Error(`no declared parameters for ${method} ${routePath}: run \`node backend/scripts/gen-stripe-params.mjs\` after adding a route`);
  }
  checkHash(params, fields, '');
}

function checkHash(value: Params, fields: Record<string, ParamNode>, prefix: string): void {
  for (const [key, child] of Object.entries(value)) {
    const node = fields[key];
    if (node === undefined) throw unknownParam(at(prefix, key));
    checkValue(child, node, at(prefix, key));
  }
}

function checkValue(value: unknown, node: ParamNode, path: string): void {
  if (node === 'metadata' || value === null || typeof value !== 'object') return; // values: their readers check them
  const given = value as Record<string, unknown>;
  if (node === true) {
    // a hash or array where Stripe takes a value: its first key is what Stripe does not know
    const first = Object.keys(given)[0];
    if (first !== undefined) throw unknownParam(`${path}[${first}]`);
    return;
  }
  if (node.items !== undefined && (Array.isArray(value) || Object.keys(given).every((k) => /^\d+$/.test(k)))) {
    for (const [index, item] of Object.entries(given)) checkValue(item, node.items, `${path}[${index}]`);
    return;
  }
  if (node.fields) return checkHash(given, node.fields, path);
  const first = Object.keys(given)[0];
  if (first !== undefined) throw unknownParam(`${path}[${first}]`);
}

/** The words Stripe takes for a top-level parameter of an endpoint (`locale`, `mode` …), as the pinned SDK types them. */
export function declaredValues(method: string, routePath: string, name: string): readonly string[] {
  const values = declared.endpoints[`${method} ${routePath}`]?.values?.[name];
  if (!values) throw new Error(`no declared values for ${name} of ${method} ${routePath}: run \`node backend/scripts/gen-stripe-params.mjs\``);
  return values;
}
