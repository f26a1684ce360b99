// @ts-check
// Precompression at build time: every text asset of a build gets a brotli (`.br`, quality 11)
// and a gzip (`.gz`, level 9) sibling, which the static server (sirv in scripts/serve-apps.mjs,
// or any CDN that serves precompressed files) sends by the browser's Accept-Encoding. Done once
// per build instead of on every request, at the highest levels.
//   PrecompressPlugin          rspack: compresses what the build wrote (every app's config adds it)
//   precompressDir(dir)        any folder, e.g. a release script:  node shared/build/precompress.mjs <dir>…
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Files worth compressing: text formats (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:m?js|css|html|json|svg|txt|map|xml|webmanifest)$/;
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 256;

/** Writes `<file>.br` and `<file>.gz` (only where smaller than the file); removes stale ones. */
export async function precompressFile(file) {
  const body = readFileSync(file);
  const [br, gzipped] =
    body.length < MIN_BYTES
      ? [null, null]
      : await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gz(body, { level: 9 }),
        ]);
  for (const [suffix, out] of /** @type {const} */ ([
    ['.br', br],
    ['.gz', gzipped],
  ])) {
    if (out && out.length < body.length) writeFileSync(file + suffix, out);
    else rmSync(file + suffix, { force: true });
  }
}

function filesUnder(dir) {
  /** @type {string[]} */
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (COMPRESSIBLE.test(entry.name)) out.push(path);
  }
  return out;
}

/** Precompresses every text file under `dir`. Resolves with the number of files. */
export async function precompressDir(dir) {
  const files = filesUnder(dir);
  // A few at a time: brotli 11 is CPU-bound and the machine is shared.
  for (let i = 0; i < files.length; i += 4) await Promise.all(files.slice(i, i + 4).map(precompressFile));
  return files.length;
}

/** Rspack: after the build wrote its files, precompress the text assets it emitted. */
export class PrecompressPlugin {
  /** @param {any} compiler */
  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise('PrecompressPlugin', async (/** @type {any} */ compilation) => {
      const outDir = compiler.options.output.path;
      const emitted = Object.keys(compilation.assets).filter((name) => COMPRESSIBLE.test(name));
      for (let i = 0; i < emitted.length; i += 4) await Promise.all(emitted.slice(i, i + 4).map((name) => precompressFile(join(outDir, name))));
    });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const dir of process.argv.slice(2)) {
    if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a folder`);
    console.log(`${dir}: ${await precompressDir(dir)} files precompressed (.br, .gz)`);
  }
}
