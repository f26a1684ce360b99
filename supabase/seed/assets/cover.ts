// Generated cover images for demo patterns: an SVG per pattern with a fabric-like motif that
// suits the craft (gingham and florals for sewing, patchwork for quilting, stitches for
// knitting, granny squares for crochet, cross-stitch for embroidery), a palette picked by
// seed, and the title on a label.
import { createRandom, type Random } from './random.ts';
import { escapeHtml } from '../../../shared/src/html.ts';

export interface CoverInput {
  title: string;
  craft: string;
  seed: string | number;
}

const WIDTH = 600;
const HEIGHT = 800;

// Four colours each: background, two motif colours, accent (label band).
const PALETTES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['#f6efe6', '#c8553d', '#f28f3b', '#2d3047'],
  ['#eef4f2', '#2a9d8f', '#e9c46a', '#264653'],
  ['#fbf3f2', '#e07a5f', '#81b29a', '#3d405b'],
  ['#f2f0fa', '#6d597a', '#b56576', '#355070'],
  ['#fffaf0', '#e76f51', '#f4a261', '#1d3557'],
  ['#eef6fb', '#457b9d', '#a8dadc', '#1d3557'],
  ['#f7f3e9', '#606c38', '#dda15e', '#283618'],
  ['#fdf0f5', '#d6336c', '#f783ac', '#5f3dc4'],
  ['#f1f7ee', '#4f772d', '#90a955', '#31572c'],
  ['#fff8e7', '#bc4749', '#f2e8cf', '#386641'],
  ['#f4f1ee', '#9c6644', '#ddb892', '#3b2a20'],
  ['#eef1f8', '#3a86ff', '#ffbe0b', '#1b263b'],
];

/** Text into SVG: the same five characters as HTML (&#39; is XML too). */
export const escapeXml = escapeHtml;

/** Greedy word wrap; a word longer than a line is cut. At most `maxLines`, the last one ellipsised. */
export function wrapTitle(title: string, maxChars: number, maxLines: number): string[] {
  const words = title
    .trim()
    .split(/\s+/)
    .flatMap((word) => {
      const parts: string[] = [];
      for (let i = 0; i < word.length; i += maxChars) parts.push(word.slice(i, i + maxChars));
      return parts;
    });
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last !== undefined && last.length + 1 + word.length <= maxChars) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1).trimEnd()}…`;
    return kept;
  }
  return lines;
}

type Motif = (r: Random, p: readonly [string, string, string, string]) => { defs: string; fill: string };

const f = (n: number) => Number(n.toFixed(1));

const gingham: Motif = (r, [, a]) => {
  const s = r.int(24, 48);
  return {
    defs: `<pattern id="m" width="${s * 2}" height="${s * 2}" patternUnits="userSpaceOnUse"><rect width="${s}" height="${s * 2}" fill="${a}" opacity="0.45"/><rect width="${s * 2}" height="${s}" fill="${a}" opacity="0.45"/></pattern>`,
    fill: 'url(#m)',
  };
};

const stripes: Motif = (r, [, a, b]) => {
  const s = r.int(20, 44);
  const angle = r.pick([0, 45, 90, -45]);
  return {
    defs: `<pattern id="m" width="${s * 2}" height="${s * 2}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})"><rect width="${s}" height="${s * 2}" fill="${a}" opacity="0.8"/><rect x="${s + s / 4}" width="${f(s / 4)}" height="${s * 2}" fill="${b}"/></pattern>`,
    fill: 'url(#m)',
  };
};

const polka: Motif = (r, [, a, b]) => {
  const s = r.int(36, 64);
  const d = f(s * (0.14 + r.next() * 0.12));
  return {
    defs: `<pattern id="m" width="${s}" height="${s}" patternUnits="userSpaceOnUse"><circle cx="${s / 4}" cy="${s / 4}" r="${d}" fill="${a}"/><circle cx="${(s * 3) / 4}" cy="${(s * 3) / 4}" r="${d}" fill="${b}"/></pattern>`,
    fill: 'url(#m)',
  };
};

const floral: Motif = (r, [, a, b, c]) => {
  const s = r.int(70, 110);
  const petals = r.int(5, 7);
  const petal = Array.from({ length: petals }, (_, i) => {
    const angle = (360 / petals) * i;
    return `<ellipse cx="${s / 2}" cy="${f(s / 2 - s * 0.14)}" rx="${f(s * 0.07)}" ry="${f(s * 0.14)}" fill="${a}" transform="rotate(${f(angle)} ${s / 2} ${s / 2})"/>`;
  }).join('');
  return {
    defs: `<pattern id="m" width="${s}" height="${s}" patternUnits="userSpaceOnUse" patternTransform="rotate(${r.int(0, 30)})">${petal}<circle cx="${s / 2}" cy="${s / 2}" r="${f(s * 0.06)}" fill="${b}"/><path d="M0 ${s} q${f(s * 0.2)} ${f(-s * 0.2)} ${f(s * 0.35)} 0" stroke="${c}" stroke-width="2" fill="none" opacity="0.5"/></pattern>`,
    fill: 'url(#m)',
  };
};

const patchwork: Motif = (r, [bg, a, b, c]) => {
  const s = r.int(60, 100);
  const colours = [a, b, c, bg];
  const cells: string[] = [];
  for (let y = 0; y < 2; y++)
    for (let x = 0; x < 2; x++) {
      const [one, two] = [r.pick(colours), r.pick(colours)];
      const [x0, y0] = [x * s, y * s];
      const diagonal = r.next() < 0.5 ? `${x0},${y0} ${x0 + s},${y0} ${x0},${y0 + s}` : `${x0},${y0} ${x0 + s},${y0} ${x0 + s},${y0 + s}`;
      cells.push(`<rect x="${x0}" y="${y0}" width="${s}" height="${s}" fill="${one}"/><polygon points="${diagonal}" fill="${two}"/>`);
    }
  return {
    defs: `<pattern id="m" width="${s * 2}" height="${s * 2}" patternUnits="userSpaceOnUse">${cells.join('')}<path d="M0 0H${s * 2}M0 ${s}H${s * 2}M0 0V${s * 2}M${s} 0V${s * 2}" stroke="#ffffff" stroke-width="2" stroke-dasharray="6 4" opacity="0.7"/></pattern>`,
    fill: 'url(#m)',
  };
};

const knit: Motif = (r, [, a, b]) => {
  const w = r.int(18, 26);
  const h = f(w * 1.1);
  const row = (colour: string, y: number) =>
    `<path d="M0 ${y} l${w / 2} ${h} M${w} ${y} l${-w / 2} ${h}" stroke="${colour}" stroke-width="${f(w * 0.38)}" stroke-linecap="round"/>`;
  return {
    defs: `<pattern id="m" width="${w}" height="${f(h * 2)}" patternUnits="userSpaceOnUse">${row(a, 0)}${row(b, h)}</pattern>`,
    fill: 'url(#m)',
  };
};

const granny: Motif = (r, [bg, a, b, c]) => {
  const s = r.int(80, 120);
  const rings = [a, b, c, a].map((colour, i) => {
    const inset = f(s * 0.08 + i * s * 0.1);
    return `<rect x="${inset}" y="${inset}" width="${f(s - inset * 2)}" height="${f(s - inset * 2)}" rx="${f(s * 0.04)}" fill="${colour}"/>`;
  });
  return {
    defs: `<pattern id="m" width="${s}" height="${s}" patternUnits="userSpaceOnUse"><rect width="${s}" height="${s}" fill="${bg}"/>${rings.join('')}<circle cx="${s / 2}" cy="${s / 2}" r="${f(s * 0.08)}" fill="${bg}"/></pattern>`,
    fill: 'url(#m)',
  };
};

const crossStitch: Motif = (r, [, a, b]) => {
  const cell = r.int(10, 14);
  const grid = 9;
  const crosses: string[] = [];
  // A symmetric heart/flower-ish motif from a random half mask, mirrored.
  for (let y = 0; y < grid; y++)
    for (let x = 0; x <= grid / 2; x++) {
      if (r.next() < 0.45) continue;
      const colour = (x + y) % 3 === 0 ? b : a;
      for (const cx of new Set([x, grid - 1 - x])) {
        const [x0, y0] = [cx * cell + 2, y * cell + 2];
        crosses.push(
          `<path d="M${x0} ${y0}l${cell - 4} ${cell - 4}M${x0 + cell - 4} ${y0}l${4 - cell} ${cell - 4}" stroke="${colour}" stroke-width="2.2" stroke-linecap="round"/>`,
        );
      }
    }
  const size = grid * cell + cell * 3;
  return {
    defs: `<pattern id="m" width="${size}" height="${size}" patternUnits="userSpaceOnUse">${crosses.join('')}</pattern>`,
    fill: 'url(#m)',
  };
};

const MOTIFS_BY_CRAFT: Record<string, readonly Motif[]> = {
  sewing: [gingham, floral, stripes, polka],
  quilting: [patchwork],
  knitting: [knit],
  crochet: [granny],
  embroidery: [crossStitch, floral],
};
const OTHER_MOTIFS: readonly Motif[] = [polka, stripes, gingham];

/** An SVG cover, 600 × 800, the same for the same input. */
export function makeCoverSvg({ title, craft, seed }: CoverInput): string {
  const r = createRandom(`${seed}|${craft}|${title}`);
  const palette = r.pick(PALETTES);
  const [background, , , accent] = palette;
  const motif = r.pick(MOTIFS_BY_CRAFT[craft.toLowerCase()] ?? OTHER_MOTIFS)(r, palette);
  const lines = wrapTitle(title, 18, 3);
  const fontSize = lines.some((line) => line.length > 14) ? 40 : 48;
  const bandHeight = 96 + lines.length * fontSize * 1.15;
  const bandY = HEIGHT - bandHeight - 48;
  const text = lines
    .map((line, i) => `<text x="${WIDTH / 2}" y="${f(bandY + 64 + i * fontSize * 1.15 + fontSize * 0.8)}" font-size="${fontSize}">${escapeXml(line)}</text>`)
    .join('');
  // A thread that wanders across the fabric: a little life on every cover.
  const thread = `M-20 ${r.int(80, 300)} C ${r.int(100, 250)} ${r.int(0, 200)}, ${r.int(300, 500)} ${r.int(250, 450)}, 620 ${r.int(100, 350)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="${escapeXml(title)}">`,
    `<title>${escapeXml(title)}</title>`,
    `<defs>${motif.defs}</defs>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${motif.fill}"/>`,
    `<path d="${thread}" fill="none" stroke="${accent}" stroke-width="3" stroke-dasharray="14 9" opacity="0.8"/>`,
    `<rect x="40" y="${f(bandY)}" width="${WIDTH - 80}" height="${f(bandHeight)}" rx="18" fill="#ffffff" opacity="0.94"/>`,
    `<rect x="52" y="${f(bandY + 12)}" width="${WIDTH - 104}" height="${f(bandHeight - 24)}" rx="12" fill="none" stroke="${accent}" stroke-width="2" stroke-dasharray="8 6"/>`,
    `<text x="${WIDTH / 2}" y="${f(bandY + 48)}" font-family="Helvetica, Arial, sans-serif" font-size="18" letter-spacing="4" fill="${accent}" text-anchor="middle">${escapeXml(craft.toUpperCase())}</text>`,
    `<g font-family="Georgia, 'Times New Roman', serif" font-weight="bold" fill="${accent}" text-anchor="middle">${text}</g>`,
    `</svg>`,
  ].join('');
}
