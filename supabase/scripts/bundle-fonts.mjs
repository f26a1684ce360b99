#!/usr/bin/env node
// Copies the stamp fonts (Noto, OFL) from their npm packages into functions/_shared/fonts/,
// where the download function reads them on hosted Supabase (config.toml lists the folder as
// the function's static_files). Run before `supabase functions deploy download`; locally the
// function reads the packages directly. The faces are the ones stamp-fonts.ts lists.
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const shared = join(dirname(fileURLToPath(import.meta.url)), '..', 'functions', '_shared');
const faces = [...readFileSync(join(shared, 'stamp-fonts.ts'), 'utf8').matchAll(/pkg: '([^']+)', file: '([^']+)'/g)].map(([, pkg, file]) => ({ pkg, file }));
if (faces.length === 0) throw new Error('no faces found in stamp-fonts.ts (pkg: …, file: … entries)');

const require = createRequire(import.meta.url);
const out = join(shared, 'fonts');
mkdirSync(out, { recursive: true });
let total = 0;
for (const { pkg, file } of faces) {
  const packageDir = join(dirname(require.resolve(pkg)), '..');
  copyFileSync(join(packageDir, 'fonts', file), join(out, file));
  copyFileSync(join(packageDir, 'LICENSE'), join(out, `${file.replace(/\.[^.]+$/, '')}.LICENSE.txt`));
  total += statSync(join(out, file)).size;
  console.log(`${file} ← ${pkg}`);
}
console.log(`${faces.length} fonts, ${(total / 2 ** 20).toFixed(1)} MiB, in ${out}`);
