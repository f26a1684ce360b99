// Reading Stripe-style form parameters (qs-parsed: strings, nested objects, arrays) with
// Stripe's parameter errors.
import { invalidParam, missingParam } from './errors.ts';

export type Params = Record<string, unknown>;

/** A parameter's name in form notation under `prefix`: `unit_amount`, `line_items[0][price_data][unit_amount]`. */
export function paramPath(prefix: string, name: string): string {
  return prefix ? `${prefix}[${name}]` : name;
}

export function str(p: Params, name: string, path = name): string | undefined {
  const value = p[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidParam(path, `Invalid string: ${path}`);
  return value;
}

export function requireStr(p: Params, name: string, path = name): string {
  const value = str(p, name, path);
  if (value === undefined || value === '') throw missingParam(path);
  return value;
}

export function int(p: Params, name: string, path = name): number | undefined {
  const value = p[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) {
    throw invalidParam(path, `Invalid integer: ${typeof value === 'string' ? value : path}`, 'parameter_invalid_integer');
  }
  return Number(value);
}

export function requireInt(p: Params, name: string, path = name): number {
  const value = int(p, name, path);
  if (value === undefined) throw missingParam(path);
  return value;
}

export function bool(p: Params, name: string, path = name): boolean | undefined {
  const value = p[name];
  if (value === undefined || value === '') return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw invalidParam(path, `Invalid boolean: ${String(value)}`, 'parameter_invalid_boolean');
}

export function obj(p: Params, name: string, path = name): Params | undefined {
  const value = p[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidParam(path, `Invalid hash: ${path}`, 'parameter_invalid_hash');
  return value as Params;
}

/** Arrays arrive as a[0]=…; qs gives an array (or an index-keyed object past its limit). */
export function arr(p: Params, name: string, path = name): unknown[] | undefined {
  const value = p[name];
  if (value === undefined || value === '') return undefined;
  if (Array.isArray(value)) return value;
  if (typeof value === 'object' && value !== null) return Object.values(value);
  throw invalidParam(path, `Invalid array: ${path}`, 'parameter_invalid_array');
}

export function metadata(p: Params, name = 'metadata', previous: Record<string, string> = {}): Record<string, string> {
  const given = obj(p, name);
  if (p[name] === '') return {};
  if (!given) return previous;
  const out = { ...previous };
  for (const [key, value] of Object.entries(given)) {
    if (value === '') delete out[key];
    else if (typeof value === 'string') {
      if (value.length > 500) throw invalidParam(`${name}[${key}]`, 'Metadata values can have up to 500 characters.');
      out[key] = value;
    } else throw invalidParam(`${name}[${key}]`, `Invalid string: ${name}[${key}]`);
  }
  if (Object.keys(out).length > 50) throw invalidParam(name, 'Metadata can have up to 50 keys.');
  return out;
}

export function currency(p: Params, name: string, path = name): string {
  const value = requireStr(p, name, path).toLowerCase();
  if (!/^[a-z]{3}$/.test(value)) throw invalidParam(path, `Invalid currency: ${value}`);
  return value;
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], path: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) {
    throw invalidParam(path, `Invalid ${path}: must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}
