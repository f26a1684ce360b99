#!/usr/bin/env node
// The app's icons as PNG files (shell/public/icons/), from the mark the shell's favicon draws
// (index.html): the web app manifest (shell/build/webManifest.ts) and iOS's "Add to Home Screen"
// (apple-touch-icon) take raster icons only. Run again after changing the mark:
//   node scripts/gen-app-icons.mjs
// `any` icons are the rounded tile; the maskable one fills its whole square with the colour and
// keeps the letter inside the central 80 % circle that every launcher's mask leaves visible.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = resolve(fileURLToPath(new URL('../shell/public/icons', import.meta.url)));
const COLOUR = '#8a2f4c';

/** The mark on a 512-unit square: `radius` of the tile's corners, `scale` of the letter. */
const mark = (/** @type {{ radius: number, scale: number }} */ { radius, scale }) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${radius}" fill="${COLOUR}"/>
  <text x="256" y="${256 + 118 * scale}" font-family="DejaVu Serif, Georgia, serif" font-size="${336 * scale}" font-weight="700" text-anchor="middle" fill="#fff">S</text>
</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: mark({ radius: 112, scale: 1 }) },
  { file: 'icon-512.png', size: 512, svg: mark({ radius: 112, scale: 1 }) },
  { file: 'icon-maskable-512.png', size: 512, svg: mark({ radius: 0, scale: 0.72 }) },
  { file: 'apple-touch-icon.png', size: 180, svg: mark({ radius: 0, scale: 0.9 }) },
];

mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  const png = await sharp(Buffer.from(icon.svg), { density: Math.ceil((72 * icon.size) / 512) * 2 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(join(out, icon.file), png);
  console.log(`${icon.file}: ${icon.size}×${icon.size}, ${png.length} bytes`);
}
