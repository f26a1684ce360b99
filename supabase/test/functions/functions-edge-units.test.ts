// supabase/functions in the form `supabase functions deploy` ships to Edge Runtime: every function
// is an index.ts calling Deno.serve with a deno.json whose import map covers every bare import at
// the versions the Node side (tests, typecheck) uses, nothing is imported by a relative path from
// outside supabase/, and each one starts under real Deno with Edge Runtime's permissions.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FunctionWorkers } from '../../../backend/src/functions/workers.ts';

const supabaseDir = path.resolve(import.meta.dirname, '../..');
const functionsDir = path.join(supabaseDir, 'functions');
const names = fs
  .readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
  .map((entry) => entry.name);
const pinned = (JSON.parse(fs.readFileSync(path.join(supabaseDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fonts' ? [] : sourceFiles(full);
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Static and dynamic import / export-from specifiers of a module (comments stripped first). */
function specifiers(file: string): string[] {
  const code = fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const found = [
    ...code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g),
    ...code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ];
  return found.map((m) => m[1]!);
}

function importMap(name: string): Record<string, string> {
  const file = path.join(functionsDir, name, 'deno.json');
  expect(fs.existsSync(file), `supabase/functions/${name}/deno.json is missing (copy one from another function)`).toBe(true);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { imports?: Record<string, string> }).imports ?? {};
}

describe('supabase/functions in Edge Runtime form', () => {
  it('has functions', () => {
    expect(names.length).toBeGreaterThan(5);
  });

  it.each(names)('%s: index.ts calls Deno.serve and exports no Node-style default handler', (name) => {
    const code = fs.readFileSync(path.join(functionsDir, name, 'index.ts'), 'utf8');
    expect(code).toMatch(/^Deno\.serve\(/m);
    expect(code).not.toMatch(/^export default /m);
  });

  it.each(names)('%s: deno.json maps packages to npm: at the versions pinned in supabase/package.json', (name) => {
    const imports = importMap(name);
    for (const [key, target] of Object.entries(imports)) {
      if (!target.startsWith('npm:')) continue;
      // `npm:zod@4.6.7`, or a subpath prefix such as `zod/` → `npm:zod@4.6.7/` (zod/mini)
      const match = /^npm:(@?[^@]+)@([^/]+)(?:\/.*)?$/.exec(target);
      expect(match, `${name}/deno.json: ${key} → ${target} names no exact version`).not.toBeNull();
      expect(pinned[match![1]!], `${name}/deno.json: ${match![1]} is not a dependency of supabase/package.json`).toBeDefined();
      expect(match![2], `${name}/deno.json: ${match![1]} differs from supabase/package.json`).toBe(pinned[match![1]!]);
    }
    if ('@stitchhouse/shared/' in imports) expect(imports['@stitchhouse/shared/']).toBe('../../../shared/src/');
  });

  it.each(names)('%s: every bare import of its module graph is in its import map; relative imports stay inside supabase/', (name) => {
    const imports = importMap(name);
    const seen = new Set<string>();
    // root: where relative imports may lead (supabase/ for the function's own files, the mapped
    // folder, e.g. shared/src, for files reached through the import map)
    const visit = (file: string, root: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const spec of specifiers(file)) {
        if (spec.startsWith('node:') || spec.startsWith('npm:') || spec.startsWith('jsr:') || /^https?:/.test(spec)) continue;
        if (spec.startsWith('.')) {
          const target = path.resolve(path.dirname(file), spec);
          expect(
            target.startsWith(root + path.sep),
            `${path.relative(supabaseDir, file)} imports ${spec}, outside ${path.relative(supabaseDir, root) || 'supabase/'} (use @stitchhouse/shared/…)`,
          ).toBe(true);
          expect(spec, `${path.relative(supabaseDir, file)}: Deno needs the file extension in ${spec}`).toMatch(/\.(ts|tsx|js|mjs|json)$/);
          visit(target, root);
          continue;
        }
        const prefix = Object.keys(imports).find((key) => key === spec || (key.endsWith('/') && spec.startsWith(key)));
        expect(prefix, `${path.relative(supabaseDir, file)} imports "${spec}", which ${name}/deno.json does not map`).toBeDefined();
        const target = imports[prefix!]!;
        if (target.startsWith('.')) {
          const mappedRoot = path.resolve(functionsDir, name, target);
          visit(path.resolve(mappedRoot, spec.slice(prefix!.length)), prefix!.endsWith('/') ? mappedRoot : path.dirname(mappedRoot));
        }
      }
    };
    visit(path.join(functionsDir, name, 'index.ts'), supabaseDir);
  });

  it('no module under supabase/functions imports by a relative path from outside supabase/', () => {
    for (const file of sourceFiles(functionsDir)) {
      for (const spec of specifiers(file).filter((s) => s.startsWith('.'))) {
        expect(path.resolve(path.dirname(file), spec).startsWith(supabaseDir + path.sep), `${path.relative(supabaseDir, file)} imports ${spec}`).toBe(true);
      }
    }
  });
});

describe('each function starts under Deno', () => {
  // one worker at a time (each holds 50–80 MiB), stopped once it has answered
  it.each(names)(
    '%s listens',
    async (name) => {
      const errors: string[] = [];
      const workers = new FunctionWorkers(functionsDir, () => ({ SUPABASE_URL: 'http://127.0.0.1:9', SITE_URL: 'http://localhost:3000' }), {
        info: () => undefined,
        error: (_service, message) => void errors.push(message),
      });
      try {
        const worker = await workers.worker(name).catch((err: Error) => {
          throw new Error(`${name} did not start under Deno: ${err.message}\n${errors.join('\n')}`);
        });
        expect(worker.port).toBeGreaterThan(0);
        // answers over HTTP (whatever it makes of an empty OPTIONS: a preflight or a refusal, never a crash)
        const res = await fetch(`http://127.0.0.1:${worker.port}/${name}`, { method: 'OPTIONS' });
        expect(res.status).toBeLessThan(500);
      } finally {
        await workers.stop();
      }
    },
    60_000,
  );
});
