// The pinned `stripe` SDK as the Stripe-schema generators read it: where it is, its version, the
// API version it pins (esm/apiVersion.js) and its TypeScript declarations as a program of the
// TypeScript 5.9 compiler API (devDependency `typescript5`: TypeScript 7, the workspace's
// type-checker, has no JS API). Used by gen-stripe-params.mjs (request parameters) and
// gen-stripe-schema.ts (objects and webhook events), so both read the same SDK the same way.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const backend = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(backend, 'package.json'));
export const ts = require('typescript5');

let root = dirname(require.resolve('stripe'));
const isStripeRoot = (dir) => existsSync(join(dir, 'package.json')) && JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name === 'stripe';
while (!isStripeRoot(root)) root = dirname(root);
/** The SDK's package folder. */
export const stripeRoot = root;
export const stripeVersion = JSON.parse(readFileSync(join(stripeRoot, 'package.json'), 'utf8')).version;
export const resourcesDir = join(stripeRoot, 'esm', 'resources');
const apiVersionMatch = /ApiVersion = '([^']+)'/.exec(readFileSync(join(stripeRoot, 'esm', 'apiVersion.js'), 'utf8'));
if (!apiVersionMatch) throw new Error(`no ApiVersion in ${stripeRoot}/esm/apiVersion.js`);
/** The API version the SDK pins, e.g. 2026-10-28.endive. */
export const stripeApiVersion = apiVersionMatch[1];

export const compilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  strict: true,
  noEmit: true,
  skipLibCheck: true,
  types: [],
};

/**
 * A program over the SDK's declarations: `files` (.d.ts paths), plus, with `roots`, a virtual
 * module `interface Roots { name: <type expression over Stripe>; … }` whose members' resolved types
 * come back in `roots` (name → ts.Type).
 */
export function sdkProgram({ files = [], roots } = {}) {
  const rootFile = join(backend, '__stripe_sdk_roots__.ts');
  const text = roots
    ? `import type Stripe from 'stripe';\nexport interface Roots {\n${Object.entries(roots)
        .map(([name, expr]) => `  ${JSON.stringify(name)}: ${expr};`)
        .join('\n')}\n}\n`
    : '';
  const host = ts.createCompilerHost(compilerOptions, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) =>
    resolve(name) === rootFile ? ts.createSourceFile(name, text, version, true) : getSourceFile(name, version, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => resolve(name) === rootFile || fileExists(name);
  const program = ts.createProgram({ rootNames: roots ? [...files, rootFile] : files, options: compilerOptions, host });
  const checker = program.getTypeChecker();
  const resolved = new Map();
  if (roots) {
    const source = program.getSourceFile(rootFile);
    const problems = ts.getPreEmitDiagnostics(program, source);
    if (problems.length) throw new Error(ts.formatDiagnostics(problems, { ...host, getNewLine: () => '\n', getCanonicalFileName: (f) => f }));
    const decl = source.statements.find(ts.isInterfaceDeclaration);
    for (const member of decl.members) {
      const symbol = checker.getSymbolAtLocation(member.name);
      resolved.set(symbol.getName(), checker.getTypeOfSymbol(symbol));
    }
  }
  return {
    program,
    checker,
    roots: resolved,
    /** A declaration's namespace as a dotted prefix: `Checkout` for resources/Checkout/Sessions.d.ts, '' elsewhere. */
    namespaceOf(declaration) {
      const file = resolve(declaration.getSourceFile().fileName);
      if (!file.startsWith(resourcesDir)) return '';
      return file
        .slice(resourcesDir.length + 1)
        .split('/')
        .slice(0, -1)
        .join('.');
    },
  };
}
