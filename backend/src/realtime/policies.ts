// When a changed row is visible to every subscriber of a role whatever their claims, one check
// stands for all of them (a published pattern and 1,000 signed-in readers: one check, not 1,000).
// Read from the table's own select policies, as PostgreSQL combines them: visible = (any
// permissive policy) and (every restrictive policy). A policy's top-level OR-branch that reads
// only the row — columns, constants, immutable operators and functions, no subquery, no
// setting, no other table — has the same value for every subscriber. So where some permissive
// policy has such a branch that holds, and every restrictive policy has one that holds, the row
// is visible to the whole role. Anything else (a branch that calls auth.uid(), a policy with no
// such branch) leaves the decision to the check as each subscriber (realtime.visible_to).
//
// The branches come from the policy's stored expression (pg_node_tree, which says what each
// branch calls) and its deparsed text (pg_get_expr, which the database evaluates); both list an
// OR's branches in the same order. When the two disagree, or anything is not understood, the
// role simply gets no shortcut.

/** One select policy of a table, as realtime/db.ts reads it from pg_policy. */
export interface SelectPolicy {
  permissive: boolean;
  /** the request roles it applies to */
  roles: string[];
  /** polqual as text (the node tree); null: no USING expression */
  tree: string | null;
  /** pg_get_expr(polqual), schema-qualified */
  sql: string | null;
}

type Item = Node | Item[] | string;
interface Node {
  type: string;
  fields: Map<string, Item[]>;
}

/** Nodes whose value depends on nothing but their inputs (functions are checked separately). */
const ROW_ONLY_NODES = new Set([
  'VAR',
  'CONST',
  'OPEXPR',
  'DISTINCTEXPR',
  'NULLIFEXPR',
  'SCALARARRAYOPEXPR',
  'FUNCEXPR',
  'BOOLEXPR',
  'NULLTEST',
  'BOOLEANTEST',
  'RELABELTYPE',
]);

function tokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === ' ' || ch === '\n' || ch === '\t') {
      i++;
    } else if (ch === '{' || ch === '}' || ch === '(' || ch === ')') {
      out.push(ch);
      i++;
    } else {
      let token = '';
      while (i < text.length && !' \n\t{}()'.includes(text[i]!)) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        token += text[i++];
      }
      out.push(token);
    }
  }
  return out;
}

/** Parses PostgreSQL's node-tree text (outfuncs.c); null when it is not the shape expected. */
function parseNodeTree(text: string): Node | null {
  const t = tokens(text);
  let at = 0;
  const item = (): Item => {
    const tok = t[at++];
    if (tok === '{') {
      const node: Node = { type: t[at++] ?? '', fields: new Map() };
      let field: string | null = null;
      while (at < t.length && t[at] !== '}') {
        if (t[at]!.startsWith(':')) {
          field = t[at++]!.slice(1);
          node.fields.set(field, []);
        } else {
          const value = item();
          if (field === null) throw new Error('a value before any field');
          node.fields.get(field)!.push(value);
        }
      }
      if (t[at++] !== '}') throw new Error('unclosed node');
      return node;
    }
    if (tok === '(') {
      const list: Item[] = [];
      while (at < t.length && t[at] !== ')') list.push(item());
      if (t[at++] !== ')') throw new Error('unclosed list');
      return list;
    }
    if (tok === undefined || tok === '}' || tok === ')') throw new Error('unexpected end');
    return tok;
  };
  try {
    const root = item();
    return at === t.length && typeof root === 'object' && !Array.isArray(root) ? root : null;
  } catch {
    return null;
  }
}

const first = (node: Node, field: string): Item | undefined => node.fields.get(field)?.[0];

/** The branches of a top-level OR (the expression itself when it is not one). */
function branches(node: Node): Node[] {
  if (node.type !== 'BOOLEXPR' || first(node, 'boolop') !== 'or') return [node];
  const args = first(node, 'args');
  return Array.isArray(args) ? args.filter((a): a is Node => typeof a === 'object' && !Array.isArray(a)) : [];
}

/**
 * Whether an expression reads only the row; every function and operator it calls is added to
 * `calls` (their volatility is checked by the caller: only immutable ones keep it row-only).
 */
function rowOnly(item: Item, calls: { functions: Set<number>; operators: Set<number> }): boolean {
  if (typeof item === 'string') return true;
  if (Array.isArray(item)) return item.every((i) => rowOnly(i, calls));
  if (!ROW_ONLY_NODES.has(item.type)) return false;
  if (item.type === 'VAR' && (first(item, 'varlevelsup') !== '0' || first(item, 'varno') !== '1')) return false;
  const oid = (field: string) => Number(first(item, field));
  if (item.type === 'FUNCEXPR') calls.functions.add(oid('funcid'));
  if (item.fields.has('opno')) {
    calls.operators.add(oid('opno'));
    if (oid('opfuncid')) calls.functions.add(oid('opfuncid'));
  }
  for (const values of item.fields.values()) if (!values.every((v) => rowOnly(v, calls))) return false;
  return true;
}

/** Splits a deparsed "(a OR b OR c)" into its branches' texts, quotes and parentheses respected. */
function splitOr(sql: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  const text = sql.trim();
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) {
        if (text[i + 1] === quote) i++;
        else quote = null;
      }
      continue;
    }
    if (ch === "'" || ch === '"') quote = ch;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (depth === 1 && text.startsWith(' OR ', i)) {
      parts.push(text.slice(start + 1, i));
      start = i + 3;
      i += 3;
    }
  }
  if (!parts.length) return [text];
  if (!text.startsWith('(') || !text.endsWith(')')) return [];
  parts.push(text.slice(start + 1, text.length - 1));
  return parts.map((p) => p.trim());
}

/** The functions and operators the row-only branches call: which of them are immutable. */
interface Volatility {
  immutableFunctions: Set<number>;
  immutableOperators: Set<number>;
}

/** Every function and operator the policies' branches call (to look up their volatility). */
export function calledBy(policies: SelectPolicy[]): { functions: number[]; operators: number[] } {
  const calls = { functions: new Set<number>(), operators: new Set<number>() };
  for (const p of policies) {
    const tree = p.tree ? parseNodeTree(p.tree) : null;
    if (tree) for (const b of branches(tree)) rowOnly(b, calls);
  }
  return { functions: [...calls.functions], operators: [...calls.operators] };
}

/** A policy's branches that read only the row, as SQL; [] when it has none. */
function rowOnlyBranches(policy: SelectPolicy, volatility: Volatility): string[] {
  if (!policy.tree || !policy.sql) return [];
  const tree = parseNodeTree(policy.tree);
  if (!tree) return [];
  const nodes = branches(tree);
  const texts = nodes.length === 1 ? [policy.sql] : splitOr(policy.sql);
  if (texts.length !== nodes.length) return [];
  return nodes.flatMap((node, i) => {
    const calls = { functions: new Set<number>(), operators: new Set<number>() };
    if (!rowOnly(node, calls)) return [];
    if (![...calls.functions].every((f) => volatility.immutableFunctions.has(f))) return [];
    if (![...calls.operators].every((o) => volatility.immutableOperators.has(o))) return [];
    return [`(${texts[i]})`];
  });
}

/**
 * Per request role, a condition on the row (SQL over the table's columns) under which every
 * subscriber of the role may select it, whatever their claims; no entry: check each subscriber.
 */
export function seenByWholeRole(policies: SelectPolicy[], roles: string[], volatility: Volatility): Record<string, string> {
  const out: Record<string, string> = {};
  for (const role of roles) {
    const applying = policies.filter((p) => p.roles.includes(role));
    const permissive = applying.filter((p) => p.permissive).flatMap((p) => rowOnlyBranches(p, volatility));
    if (!permissive.length) continue;
    const restrictive = applying.filter((p) => !p.permissive).map((p) => rowOnlyBranches(p, volatility));
    if (restrictive.some((b) => !b.length)) continue;
    out[role] = [`(${permissive.join(' or ')})`, ...restrictive.map((b) => `(${b.join(' or ')})`)].join(' and ');
  }
  return out;
}
