// @ts-check
// Writes `chunk-packages.json` next to a build's assets: for every emitted JS file, the
// modules it carries as `<package>/<path inside the package>` (node_modules packages by
// name, workspace code by its package name). bench/phone reads it to list which packages
// each route downloads and to fail when one module arrives in two files (a library
// downloaded twice, e.g. a remote bundling its own copy of something the shell already sent).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

const workspaceNames = new Map();

/** `@scope/name/path` for a module file: its package (node_modules or workspace) and the path inside it. */
export function moduleKey(file) {
  const path = file.split(sep).join('/').replace(/^.*!/, '').replace(/\?.*$/, '');
  const nm = path.lastIndexOf('/node_modules/');
  if (nm !== -1) {
    const rest = path.slice(nm + '/node_modules/'.length).split('/');
    const count = rest[0]?.startsWith('@') ? 2 : 1;
    return `${rest.slice(0, count).join('/')}/${rest.slice(count).join('/')}`;
  }
  // Workspace code: the nearest package.json names it.
  let dir = dirname(path);
  while (dir.length > 1) {
    if (!workspaceNames.has(dir)) {
      const pkg = join(dir, 'package.json');
      workspaceNames.set(dir, existsSync(pkg) ? (JSON.parse(readFileSync(pkg, 'utf8')).name ?? null) : undefined);
    }
    const name = workspaceNames.get(dir);
    if (name) return `${name}/${relative(dir, path).split(sep).join('/')}`;
    dir = dirname(dir);
  }
  return path;
}

/** The package part of a module key (`zod/v4/core/core.js` → `zod`). */
export function packageOf(key) {
  const parts = key.split('/');
  return parts[0]?.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? key);
}

export class ChunkPackagesPlugin {
  /** @param {{ file?: string }} [options] where to write, relative to output.path */
  constructor(options = {}) {
    this.file = options.file ?? 'chunk-packages.json';
  }

  /** @param {any} compiler */
  apply(compiler) {
    compiler.hooks.done.tap('ChunkPackagesPlugin', (/** @type {any} */ stats) => {
      const json = stats.toJson({
        all: false,
        chunks: true,
        chunkModules: true,
        nestedModules: true,
        dependentModules: true,
        orphanModules: true,
        chunkModulesSpace: Infinity,
        nestedModulesSpace: Infinity,
        modules: false,
      });
      /** @type {Record<string, string[]>} */
      const files = {};
      const collect = (/** @type {any} */ module, /** @type {Set<string>} */ into) => {
        if (module.modules?.length) for (const inner of module.modules) collect(inner, into);
        else {
          // `javascript/auto|/abs/file.js|layer`, `loader!…!/abs/file.js`: keep the file's path.
          const id = String(module.nameForCondition || module.identifier || '');
          const resource =
            id
              .split('!')
              .pop()
              ?.split('|')
              .find((part) => part.startsWith('/')) ?? null;
          // Runtime and container modules have no file: skip them.
          if (resource) into.add(moduleKey(resource));
        }
      };
      for (const chunk of json.chunks ?? []) {
        const keys = new Set();
        for (const module of chunk.modules ?? []) collect(module, keys);
        for (const file of chunk.files ?? []) if (/\.m?js$/.test(file)) files[file] = [...keys].sort();
      }
      const out = join(compiler.options.output.path, this.file);
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, JSON.stringify(files) + '\n');
    });
  }
}
