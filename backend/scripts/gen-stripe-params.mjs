#!/usr/bin/env node
// Writes backend/src/stripe-sandbox/stripe-params.json: for every /v1 route the sandbox implements
// (read from apiRoutes in src/stripe-sandbox/routes.ts), the parameter tree Stripe declares for it,
// taken from the pinned `stripe` SDK (its resource classes map method + path to a method, whose
// `params` type — RefundCreateParams, Checkout.SessionCreateParams … — the TypeScript compiler API
// walks). The sandbox refuses anything outside the tree with 400 parameter_unknown, as Stripe does.
//   node backend/scripts/gen-stripe-params.mjs           write the file
//   node backend/scripts/gen-stripe-params.mjs --check   exit 1 when the file is stale (a test runs this)
//
// A node of the tree is
//   true                      a value (string, number, boolean, enum, Decimal)
//   "metadata"                a free-form hash of values (MetadataParam and other index signatures)
//   { scalar?, fields?, items? }  a hash with these keys / an array of these items / also a value
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
// the SDK and its TypeScript program, as gen-stripe-schema.ts reads them (TypeScript 5.9's compiler API)
import { backend, resourcesDir, sdkProgram, stripeRoot, stripeVersion, ts } from './stripe-sdk.mjs';

const routesFile = join(backend, 'src', 'stripe-sandbox', 'routes.ts');
const outFile = join(backend, 'src', 'stripe-sandbox', 'stripe-params.json');

/** The sandbox's API routes: `app.get|post|delete('/path', …)` inside apiRoutes(). */
function sandboxRoutes() {
  const source = ts.createSourceFile(routesFile, readFileSync(routesFile, 'utf8'), ts.ScriptTarget.Latest, true);
  const routes = [];
  const visit = (node, inApi) => {
    if (ts.isFunctionDeclaration(node) && node.name) inApi = node.name.text === 'apiRoutes';
    if (
      inApi &&
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ts.isIdentifier(node.expression.expression) &&
      node.expression.expression.text === 'app' &&
      ['get', 'post', 'delete'].includes(node.expression.name.text) &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      routes.push({ method: node.expression.name.text.toUpperCase(), path: `/v1${node.arguments[0].text}` });
    }
    ts.forEachChild(node, (child) => visit(child, inApi));
  };
  visit(source, false);
  return routes;
}

// '/v1/transfers/:id/reversals' and '/v1/transfers/${…}/reversals' both become '/v1/transfers/*/reversals'.
const pattern = (path) => path.replace(/:[A-Za-z_]+/g, '*');

function walkFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walkFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

/** method + path pattern → { file (.d.ts), className, methodName } from the SDK's resource classes. */
function sdkMethods() {
  const out = new Map();
  for (const file of walkFiles(resourcesDir).filter((f) => f.endsWith('.js'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node, className, methodName) => {
      if (ts.isClassDeclaration(node) && node.name) className = node.name.text;
      if (ts.isMethodDeclaration(node) && ts.isIdentifier(node.name)) methodName = node.name.text;
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.expression.name.text === '_makeRequest') {
        const [method, path] = node.arguments;
        let text;
        if (path && ts.isStringLiteral(path)) text = path.text;
        else if (path && ts.isNoSubstitutionTemplateLiteral(path)) text = path.text;
        else if (path && ts.isTemplateExpression(path)) text = path.head.text + path.templateSpans.map((s) => `*${s.literal.text}`).join('');
        if (method && ts.isStringLiteral(method) && text?.startsWith('/v1/')) {
          out.set(`${method.text} ${text}`, { file: file.replace(/\.js$/, '.d.ts'), className, methodName });
        }
      }
      ts.forEachChild(node, (child) => visit(child, className, methodName));
    };
    visit(source);
  }
  return out;
}

function build() {
  const routes = sandboxRoutes();
  const methods = sdkMethods();
  const files = [...new Set([...methods.values()].map((m) => m.file))];
  const { program, checker } = sdkProgram({ files });

  const isDecimal = (type) =>
    [type.aliasSymbol, type.getSymbol()].some((s) => s?.declarations?.some((d) => d.getSourceFile().fileName.endsWith('/Decimal.d.ts')));
  const primitive = ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike | ts.TypeFlags.EnumLike | ts.TypeFlags.BigIntLike;
  const nothing = ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void;

  function node(type, depth, trail) {
    if (depth > 25) throw new Error(`parameter tree too deep at ${trail}`);
    const members = type.isUnion() ? type.types : [type];
    const acc = { scalar: false, free: false, fields: null, items: null };
    for (const member of members) {
      if (member.flags & nothing) continue;
      if (member.flags & primitive || isDecimal(member) || (member.isIntersection() && member.types.some((t) => t.flags & primitive))) {
        // '' is Emptyable's "unset" for hashes and arrays: the value reader handles it
        if (!(member.isStringLiteral() && member.value === '' && members.length > 1)) acc.scalar = true;
        continue;
      }
      if (checker.isArrayType(member) || checker.isTupleType(member)) {
        const element = checker.getTypeArguments(member)[0];
        acc.items = merge(acc.items, node(element, depth + 1, `${trail}[]`));
        continue;
      }
      if (member.flags & ts.TypeFlags.Object || member.isIntersection()) {
        if (checker.getIndexInfosOfType(member).length) {
          acc.free = true;
          continue;
        }
        const fields = acc.fields ?? {};
        for (const prop of checker.getPropertiesOfType(member)) {
          const decl = prop.valueDeclaration ?? prop.declarations?.[0];
          const propType = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, decl));
          fields[prop.name] = merge(fields[prop.name] ?? null, node(propType, depth + 1, `${trail}[${prop.name}]`));
        }
        acc.fields = fields;
        continue;
      }
      if (member.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
        acc.free = true;
        continue;
      }
      throw new Error(`unhandled parameter type ${checker.typeToString(member)} at ${trail}`);
    }
    return compact(acc);
  }

  function compact({ scalar, free, fields, items }) {
    if (free) return 'metadata';
    if (!fields && !items) return true;
    const out = {};
    if (scalar) out.scalar = true;
    if (fields) out.fields = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => a.localeCompare(b)));
    if (items) out.items = items;
    return out;
  }

  function merge(a, b) {
    if (a === null) return b;
    if (a === 'metadata' || b === 'metadata') return 'metadata';
    const expandNode = (n) => (n === true ? { scalar: true } : n);
    const x = expandNode(a);
    const y = expandNode(b);
    const fields = x.fields || y.fields ? { ...x.fields } : null;
    for (const [k, v] of Object.entries(y.fields ?? {})) fields[k] = fields[k] ? merge(fields[k], v) : v;
    const items = x.items && y.items ? merge(x.items, y.items) : (x.items ?? y.items ?? null);
    return compact({ scalar: !!(x.scalar || y.scalar), free: false, fields, items });
  }

  /**
   * The top-level parameters whose type is a list of words ('auto' | 'de' | … | OtherString: the
   * SDK's open string enums), with the words this API version takes: a reader refuses any other
   * (`locale`, `mode` …) as Stripe does.
   */
  function enumValues(type) {
    const out = {};
    for (const prop of checker.getPropertiesOfType(type)) {
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = checker.getNonNullableType(checker.getTypeOfSymbolAtLocation(prop, decl));
      const members = propType.isUnion() ? propType.types : [propType];
      const words = [];
      let open = true;
      for (const member of members) {
        if (member.flags & nothing) continue;
        if (member.isStringLiteral()) words.push(member.value);
        // OtherString (string & {}): the SDK's room for values newer than its types
        else if (!(member.isIntersection() && member.types.some((t) => t.flags & ts.TypeFlags.String))) open = false;
      }
      if (open && words.filter((w) => w !== '').length > 1) out[prop.name] = words.filter((w) => w !== '').sort();
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  }

  const endpoints = {};
  const problems = [];
  for (const route of routes) {
    const key = `${route.method} ${pattern(route.path)}`;
    const sdk = methods.get(key);
    if (!sdk) {
      problems.push(`${route.method} ${route.path}: the stripe SDK has no such endpoint`);
      continue;
    }
    const source = program.getSourceFile(sdk.file);
    let params;
    ts.forEachChild(source, function find(n) {
      if (ts.isClassDeclaration(n) && n.name?.text === sdk.className) {
        for (const m of n.members) {
          if (ts.isMethodDeclaration(m) && m.name.getText(source) === sdk.methodName) {
            params = m.parameters.find((p) => p.name.getText(source) === 'params');
          }
        }
      }
    });
    if (!params) {
      problems.push(`${key}: ${sdk.className}.${sdk.methodName} has no params argument`);
      continue;
    }
    const type = checker.getNonNullableType(checker.getTypeAtLocation(params));
    const tree = node(type, 0, '');
    const values = enumValues(type);
    endpoints[`${route.method} ${route.path}`] = {
      sdk: `${relative(stripeRoot, sdk.file)} ${sdk.className}.${sdk.methodName}(${checker.typeToString(type)})`,
      params: tree === true ? {} : (tree.fields ?? {}),
      ...(Object.keys(values).length ? { values } : {}),
    };
  }
  if (problems.length) throw new Error(problems.join('\n'));
  return { stripe: stripeVersion, generated_by: 'backend/scripts/gen-stripe-params.mjs', endpoints };
}

const text = `${JSON.stringify(build(), null, 1)}\n`;
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(outFile, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (current !== text) {
    console.error(
      `${relative(process.cwd(), outFile)} is stale: it does not match the stripe SDK's parameter types or the routes in routes.ts. Run \`node backend/scripts/gen-stripe-params.mjs\` and commit the file.`,
    );
    process.exit(1);
  }
  console.log(`${relative(process.cwd(), outFile)} is up to date (stripe@${stripeVersion}).`);
} else {
  writeFileSync(outFile, text);
  console.log(`wrote ${relative(process.cwd(), outFile)} (stripe@${stripeVersion})`);
}
