// postgres_changes filters as hosted Realtime takes them: "column=op.value" with op one of
// eq, neq, lt, lte, gt, gte, in ("in.(a,b,"c d")", at most 100 values). A change matches when
// the row (the new record; the old record for a DELETE) satisfies it, comparing as the column's
// type does: numbers as numbers, booleans, timestamps and dates as instants, the rest as text.

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ParsedFilter {
  column: string;
  op: FilterOp;
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);

/** The filter, or a message saying why it cannot be used (sent as the subscription's system error). */
export function parseFilter(filter: string): ParsedFilter | string {
  const eq = filter.indexOf('=');
  const dot = filter.indexOf('.', eq + 1);
  if (eq <= 0 || dot < 0) return `Error parsing \`filter\` params: ${JSON.stringify(filter)} is not column=operator.value`;
  const column = filter.slice(0, eq).trim();
  const op = filter.slice(eq + 1, dot) as FilterOp;
  const raw = filter.slice(dot + 1);
  if (!OPS.has(op)) return `Error parsing \`filter\` params: operator ${JSON.stringify(op)} is not one of eq, neq, lt, lte, gt, gte, in`;
  if (op !== 'in') return { column, op, values: [raw] };
  if (!raw.startsWith('(') || !raw.endsWith(')')) return 'Error parsing `filter` params: in takes a list, e.g. id=in.(1,2,3)';
  const values = splitList(raw.slice(1, -1));
  if (values.length > 100) return 'Error parsing `filter` params: in takes at most 100 values';
  return { column, op, values };
}

function splitList(list: string): string[] {
  const values: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!;
    if (ch === '"') quoted = !quoted;
    else if (ch === '\\' && quoted && i + 1 < list.length) current += list[++i];
    else if (ch === ',' && !quoted) {
      values.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() || values.length) values.push(current.trim());
  return values;
}

const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const INSTANT = new Set(['timestamp', 'timestamptz', 'date']);

function compare(value: unknown, literal: string, type: string | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (type && NUMERIC.has(type)) {
    const a = Number(value);
    const b = Number(literal);
    if (Number.isNaN(a) || Number.isNaN(b)) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type === 'bool') {
    const b = literal === 'true' || literal === 't' ? true : literal === 'false' || literal === 'f' ? false : null;
    if (b === null) return null;
    return value === b ? 0 : value ? 1 : -1;
  }
  if (type && INSTANT.has(type)) {
    const a = Date.parse(String(value));
    const b = Date.parse(literal);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a === b ? 0 : a < b ? -1 : 1;
  }
  const a = typeof value === 'string' ? value : JSON.stringify(value);
  return a === literal ? 0 : a < literal ? -1 : 1;
}

export function matchesFilter(f: ParsedFilter, record: Record<string, unknown> | null, types: Map<string, string>): boolean {
  if (!record || !(f.column in record)) return false;
  const value = record[f.column];
  const type = types.get(f.column);
  if (f.op === 'in') return f.values.some((v) => compare(value, v, type) === 0);
  const c = compare(value, f.values[0]!, type);
  if (c === null) return false;
  switch (f.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}
