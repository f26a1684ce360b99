// Generates the demo catalog: believable patterns per craft with size charts (cm),
// yardage by fabric width, notions, formats, languages, tags and prices.
import { difficultyLabel } from '../../shared/src/catalog/labels.ts';
import type { PatternFormat } from '../../shared/src/catalog/formats.ts';
import { daysBefore, prng, stableUuid, type Prng } from './prng.ts';
import type { DemoStore } from './people.ts';

export type Format = PatternFormat;

export interface SizeEntry {
  label: string;
  bust?: number;
  waist?: number;
  hip?: number;
  finished?: { bust?: number; waist?: number; hip?: number };
}

export interface YardageEntry {
  fabric: string;
  width_cm: number;
  metres_by_size: Record<string, number>;
}

export interface DemoPattern {
  id: string;
  store_id: string;
  title: string;
  description: string;
  craft: string;
  category: string;
  difficulty: number;
  size_range: string;
  size_chart: { sizes: SizeEntry[] };
  yardage: YardageEntry[];
  formats: Format[];
  notions: string[];
  languages: string[];
  tags: string[];
  licence: 'personal' | 'small_business';
  price_cents: number;
  currency: string;
  status: 'draft' | 'published' | 'archived';
  published_at: string | null;
  created_at: string;
  /** Wholesale price of a printed copy, when the designer sells to shops. */
  wholesale_price_cents: number | null;
}

type Sizing = 'women' | 'unisex' | 'kids' | 'labels' | 'none';

interface Garment {
  name: string;
  category: string;
  sizing: Sizing;
  /** Main-fabric metres at 110 cm for the smallest size; null when yardage does not apply. */
  metres?: number;
  lining?: boolean;
  notions: string[];
  tags: string[];
  /** [bust, waist, hip] ease in cm for finished measurements. */
  ease?: [number, number, number];
}

const garments: Record<string, Garment[]> = {
  sewing: [
    {
      name: 'Wrap Dress',
      category: 'dress',
      sizing: 'women',
      metres: 2.6,
      notions: ['1 m lightweight fusible interfacing'],
      tags: ['wrap', 'summer', 'midi'],
      ease: [8, 10, 12],
    },
    {
      name: 'Shirt Dress',
      category: 'dress',
      sizing: 'women',
      metres: 2.8,
      notions: ['9 buttons 12 mm', '0.5 m fusible interfacing'],
      tags: ['collar', 'button-front'],
      ease: [10, 12, 12],
    },
    {
      name: 'Tiered Maxi Dress',
      category: 'dress',
      sizing: 'women',
      metres: 3.4,
      notions: ['elastic 1 cm × 1 m'],
      tags: ['maxi', 'gathered', 'summer'],
      ease: [12, 20, 40],
    },
    {
      name: 'Pinafore Dress',
      category: 'dress',
      sizing: 'women',
      metres: 2.0,
      notions: ['2 overall buckles', '2 buttons 18 mm'],
      tags: ['pinafore', 'layering'],
      ease: [10, 14, 18],
    },
    {
      name: 'Bias Slip Dress',
      category: 'dress',
      sizing: 'women',
      metres: 2.9,
      notions: ['rouleau loop turner'],
      tags: ['bias-cut', 'silk', 'evening'],
      ease: [4, 8, 6],
    },
    {
      name: 'Boxy Blouse',
      category: 'top',
      sizing: 'women',
      metres: 1.5,
      notions: ['1 button 10 mm'],
      tags: ['boxy', 'woven', 'beginner-friendly'],
      ease: [20, 30, 24],
    },
    { name: 'Raglan Tee', category: 'top', sizing: 'unisex', metres: 1.3, notions: ['ribbing 0.2 m'], tags: ['knit', 'jersey', 'raglan'], ease: [6, 8, 6] },
    { name: 'Peplum Top', category: 'top', sizing: 'women', metres: 1.6, notions: ['invisible zip 40 cm'], tags: ['peplum', 'fitted'], ease: [6, 4, 20] },
    { name: 'Camisole', category: 'top', sizing: 'women', metres: 1.0, notions: ['bias binding 2 m'], tags: ['cami', 'silk', 'quick-sew'], ease: [6, 10, 10] },
    {
      name: 'Wide-Leg Trousers',
      category: 'trousers',
      sizing: 'women',
      metres: 2.5,
      notions: ['zip 18 cm', '1 button 15 mm', '0.3 m interfacing'],
      tags: ['wide-leg', 'high-waisted', 'pockets'],
      ease: [0, 2, 14],
    },
    {
      name: 'Pleated Culottes',
      category: 'trousers',
      sizing: 'women',
      metres: 2.2,
      notions: ['invisible zip 20 cm'],
      tags: ['culottes', 'pleats', 'pockets'],
      ease: [0, 2, 20],
    },
    {
      name: 'Cargo Pants',
      category: 'trousers',
      sizing: 'unisex',
      metres: 2.4,
      notions: ['zip 18 cm', '6 snaps', 'drawcord 1.5 m'],
      tags: ['cargo', 'utility', 'pockets'],
      ease: [0, 4, 16],
    },
    {
      name: 'A-Line Skirt',
      category: 'skirt',
      sizing: 'women',
      metres: 1.5,
      notions: ['invisible zip 20 cm'],
      tags: ['a-line', 'beginner-friendly', 'pockets'],
      ease: [0, 2, 16],
    },
    {
      name: 'Button-Front Midi Skirt',
      category: 'skirt',
      sizing: 'women',
      metres: 1.9,
      notions: ['8 buttons 15 mm', '0.3 m interfacing'],
      tags: ['midi', 'button-front', 'denim'],
      ease: [0, 2, 14],
    },
    {
      name: 'Chore Jacket',
      category: 'jacket',
      sizing: 'unisex',
      metres: 2.4,
      notions: ['5 buttons 20 mm', '0.8 m interfacing'],
      tags: ['workwear', 'canvas', 'patch-pockets'],
      ease: [18, 22, 16],
    },
    {
      name: 'Quilted Jacket',
      category: 'jacket',
      sizing: 'women',
      metres: 2.2,
      lining: true,
      notions: ['1.5 m cotton batting', 'bias binding 4 m', '6 snaps'],
      tags: ['quilted', 'reversible', 'layering'],
      ease: [16, 20, 16],
    },
    {
      name: 'Cocoon Coat',
      category: 'coat',
      sizing: 'women',
      metres: 3.0,
      lining: true,
      notions: ['3 buttons 25 mm', '1 m fusible interfacing', 'shoulder pads'],
      tags: ['coat', 'wool', 'oversized'],
      ease: [24, 30, 20],
    },
    {
      name: 'Camp Collar Shirt',
      category: 'shirt',
      sizing: 'unisex',
      metres: 2.1,
      notions: ['6 buttons 12 mm', '0.5 m interfacing'],
      tags: ['camp-collar', 'short-sleeve', 'summer'],
      ease: [14, 16, 12],
    },
    {
      name: 'Jumpsuit',
      category: 'jumpsuit',
      sizing: 'women',
      metres: 3.2,
      notions: ['open-ended zip 50 cm', 'elastic 3 cm × 1 m'],
      tags: ['jumpsuit', 'utility', 'pockets'],
      ease: [12, 10, 16],
    },
    {
      name: 'Kids\u2019 Dungarees',
      category: 'kids',
      sizing: 'kids',
      metres: 1.1,
      notions: ['2 dungaree clips', '4 snaps'],
      tags: ['kids', 'dungarees', 'playwear'],
      ease: [12, 10, 12],
    },
    { name: 'Baby Romper', category: 'kids', sizing: 'kids', metres: 0.8, notions: ['7 snaps'], tags: ['baby', 'romper', 'quick-sew'], ease: [10, 10, 10] },
  ],
  bags: [
    {
      name: 'Market Tote',
      category: 'bag',
      sizing: 'none',
      metres: 0.9,
      notions: ['webbing 2.5 cm × 1.4 m', '0.5 m fusible fleece'],
      tags: ['tote', 'market', 'beginner-friendly'],
    },
    {
      name: 'Crossbody Bag',
      category: 'bag',
      sizing: 'none',
      metres: 0.6,
      lining: true,
      notions: ['zip 25 cm', '2 D-rings 25 mm', 'swivel clips', 'webbing 1.4 m'],
      tags: ['crossbody', 'zip', 'hardware'],
    },
    { name: 'Drawstring Backpack', category: 'bag', sizing: 'none', metres: 1.0, notions: ['cord 3 m', '4 eyelets'], tags: ['backpack', 'drawstring', 'kids'] },
    {
      name: 'Zip Pouch Trio',
      category: 'pouch',
      sizing: 'labels',
      metres: 0.4,
      lining: true,
      notions: ['3 zips 20/25/30 cm', '0.3 m interfacing'],
      tags: ['pouch', 'zip', 'scrap-buster'],
    },
    {
      name: 'Weekender Duffle',
      category: 'bag',
      sizing: 'none',
      metres: 1.6,
      lining: true,
      notions: ['2-way zip 60 cm', 'webbing 3 m', 'bag feet'],
      tags: ['duffle', 'travel', 'waxed-canvas'],
    },
  ],
  toys: [
    {
      name: 'Bunny Softie',
      category: 'toy',
      sizing: 'labels',
      metres: 0.5,
      notions: ['toy stuffing 200 g', 'safety eyes 9 mm'],
      tags: ['softie', 'bunny', 'heirloom'],
    },
    {
      name: 'Fox Plush',
      category: 'toy',
      sizing: 'labels',
      metres: 0.4,
      notions: ['toy stuffing 150 g', 'embroidery floss'],
      tags: ['plush', 'fox', 'woodland'],
    },
    {
      name: 'Rag Doll and Wardrobe',
      category: 'toy',
      sizing: 'none',
      metres: 0.7,
      notions: ['toy stuffing 250 g', 'wool yarn for hair', 'snaps'],
      tags: ['doll', 'wardrobe', 'heirloom'],
    },
    { name: 'Whale Cushion', category: 'toy', sizing: 'none', metres: 0.8, notions: ['cushion stuffing 400 g'], tags: ['cushion', 'nursery', 'whale'] },
  ],
  quilting: [
    {
      name: 'Log Cabin Quilt',
      category: 'quilt',
      sizing: 'labels',
      metres: 4.5,
      notions: ['batting', 'binding 0.5 m'],
      tags: ['log-cabin', 'scrappy', 'traditional'],
    },
    {
      name: 'Flying Geese Quilt',
      category: 'quilt',
      sizing: 'labels',
      metres: 4.0,
      notions: ['batting', 'flying-geese ruler (optional)'],
      tags: ['flying-geese', 'modern', 'fat-quarter-friendly'],
    },
    {
      name: 'Sampler Quilt',
      category: 'quilt',
      sizing: 'labels',
      metres: 5.0,
      notions: ['batting', 'binding 0.6 m'],
      tags: ['sampler', 'block-of-the-month', 'learn-to-quilt'],
    },
    { name: 'Baby Quilt', category: 'quilt', sizing: 'none', metres: 1.6, notions: ['batting 110 × 130 cm'], tags: ['baby', 'nursery', 'quick-quilt'] },
    { name: 'Table Runner', category: 'home', sizing: 'none', metres: 0.9, notions: ['batting 40 × 150 cm'], tags: ['table-runner', 'seasonal', 'gift'] },
    {
      name: 'Star Medallion Quilt',
      category: 'quilt',
      sizing: 'labels',
      metres: 5.6,
      notions: ['batting', 'binding 0.6 m'],
      tags: ['star', 'medallion', 'statement'],
    },
  ],
  knitting: [
    {
      name: 'Cabled Sweater',
      category: 'sweater',
      sizing: 'unisex',
      notions: ['4 mm and 4.5 mm circular needles', 'cable needle', 'stitch markers'],
      tags: ['cables', 'aran', 'top-down'],
      ease: [12, 14, 10],
    },
    {
      name: 'Colourwork Yoke Sweater',
      category: 'sweater',
      sizing: 'unisex',
      notions: ['3.5 mm and 4 mm circular needles', 'stitch markers'],
      tags: ['colourwork', 'yoke', 'fair-isle'],
      ease: [10, 12, 8],
    },
    {
      name: 'Ribbed Beanie',
      category: 'hat',
      sizing: 'labels',
      notions: ['4 mm circular needles 40 cm', 'pompom maker'],
      tags: ['hat', 'ribbing', 'quick-knit'],
    },
    {
      name: 'Lace Shawl',
      category: 'shawl',
      sizing: 'none',
      notions: ['3.5 mm circular needles 80 cm', 'blocking wires'],
      tags: ['lace', 'shawl', 'heirloom'],
    },
    {
      name: 'Everyday Socks',
      category: 'socks',
      sizing: 'labels',
      notions: ['2.5 mm DPNs or magic loop', 'stitch markers'],
      tags: ['socks', 'toe-up', 'heel-flap'],
    },
    {
      name: 'Raglan Cardigan',
      category: 'cardigan',
      sizing: 'women',
      notions: ['4 mm circular needles', '7 buttons 18 mm'],
      tags: ['cardigan', 'raglan', 'seamless'],
      ease: [8, 10, 8],
    },
  ],
  crochet: [
    {
      name: 'Granny Square Cardigan',
      category: 'cardigan',
      sizing: 'women',
      notions: ['5 mm hook', 'tapestry needle'],
      tags: ['granny-square', 'cardigan', 'colourful'],
      ease: [14, 16, 12],
    },
    { name: 'Market Bag', category: 'bag', sizing: 'none', notions: ['4 mm hook', 'cotton yarn 200 g'], tags: ['market-bag', 'mesh', 'eco'] },
    { name: 'Amigurumi Whale', category: 'toy', sizing: 'none', notions: ['3 mm hook', 'safety eyes 8 mm', 'stuffing'], tags: ['amigurumi', 'whale', 'gift'] },
    { name: 'Bucket Hat', category: 'hat', sizing: 'labels', notions: ['4.5 mm hook', 'stitch markers'], tags: ['bucket-hat', 'summer', 'quick-crochet'] },
    { name: 'Ripple Blanket', category: 'blanket', sizing: 'labels', notions: ['5 mm hook', 'aran yarn'], tags: ['blanket', 'ripple', 'chevron'] },
    {
      name: 'Textured Pullover',
      category: 'sweater',
      sizing: 'unisex',
      notions: ['5.5 mm hook', 'stitch markers'],
      tags: ['pullover', 'texture', 'cosy'],
      ease: [14, 16, 12],
    },
  ],
  embroidery: [
    {
      name: 'Wildflower Hoop',
      category: 'hoop-art',
      sizing: 'none',
      notions: ['15 cm hoop', 'DMC floss (12 colours)', 'water-soluble pen'],
      tags: ['wildflowers', 'hoop', 'botanical'],
    },
    {
      name: 'Botanical Stitch Sampler',
      category: 'sampler',
      sizing: 'none',
      notions: ['20 cm hoop', 'DMC floss (18 colours)'],
      tags: ['sampler', 'learn-to-stitch', 'botanical'],
    },
    {
      name: 'Monogram Alphabet',
      category: 'alphabet',
      sizing: 'none',
      notions: ['embroidery floss', 'transfer paper'],
      tags: ['monogram', 'alphabet', 'gift'],
    },
    {
      name: 'Visible Mending Motifs',
      category: 'mending',
      sizing: 'none',
      notions: ['sashiko thread', 'sashiko needles'],
      tags: ['mending', 'sashiko', 'sustainable'],
    },
  ],
  'cross-stitch': [
    {
      name: 'Cottage Garden Sampler',
      category: 'sampler',
      sizing: 'none',
      notions: ['14-count Aida 40 × 40 cm', 'DMC floss (22 colours)'],
      tags: ['sampler', 'cottage', 'counted'],
    },
    {
      name: 'Alphabet Sampler',
      category: 'alphabet',
      sizing: 'none',
      notions: ['28-count evenweave', 'DMC floss (6 colours)'],
      tags: ['alphabet', 'traditional', 'counted'],
    },
    {
      name: 'Seasons Mini Set',
      category: 'ornament',
      sizing: 'none',
      notions: ['14-count Aida', 'felt backing'],
      tags: ['ornament', 'seasonal', 'quick-stitch'],
    },
  ],
};

const names = [
  'Marlowe',
  'Juniper',
  'Ottilie',
  'Hazel',
  'Wren',
  'Calder',
  'Isla',
  'Fenwick',
  'Rowan',
  'Beatrix',
  'Sorrel',
  'Linden',
  'Aster',
  'Clementine',
  'Della',
  'Esme',
  'Flora',
  'Greta',
  'Harlow',
  'Ingrid',
  'Josie',
  'Kestrel',
  'Lark',
  'Mabel',
  'Nell',
  'Odette',
  'Pippa',
  'Quinn',
  'Rosalind',
  'Saffron',
  'Tamsin',
  'Vera',
  'Winnie',
  'Yarrow',
  'Zinnia',
  'Alder',
  'Bramble',
  'Cedar',
  'Dune',
  'Ember',
  'Fjord',
  'Gull',
  'Heath',
  'Iris',
  'Kelp',
  'Loch',
  'Moss',
  'Nova',
];
const adjectives = ['Linen', 'Everyday', 'Weekend', 'Coastal', 'Meadow', 'Harbour', 'Studio', 'Garden', 'Heritage', 'Autumn'];

// Body measurements (cm) by size, grading order.
const womenSizes = [
  { label: 'XS', bust: 80, waist: 62, hip: 86 },
  { label: 'S', bust: 86, waist: 68, hip: 92 },
  { label: 'M', bust: 92, waist: 74, hip: 98 },
  { label: 'L', bust: 98, waist: 80, hip: 104 },
  { label: 'XL', bust: 106, waist: 88, hip: 112 },
  { label: '2XL', bust: 114, waist: 96, hip: 120 },
  { label: '3XL', bust: 122, waist: 104, hip: 128 },
  { label: '4XL', bust: 130, waist: 112, hip: 136 },
  { label: '5XL', bust: 140, waist: 122, hip: 146 },
  { label: '6XL', bust: 150, waist: 132, hip: 156 },
];
const unisexSizes = [
  { label: 'XS', bust: 84, waist: 68, hip: 88 },
  { label: 'S', bust: 90, waist: 74, hip: 94 },
  { label: 'M', bust: 98, waist: 82, hip: 100 },
  { label: 'L', bust: 106, waist: 90, hip: 106 },
  { label: 'XL', bust: 114, waist: 98, hip: 114 },
  { label: '2XL', bust: 122, waist: 108, hip: 122 },
  { label: '3XL', bust: 132, waist: 118, hip: 130 },
  { label: '4XL', bust: 142, waist: 128, hip: 140 },
];
const kidsSizes = [
  { label: '1Y', bust: 52, waist: 50 },
  { label: '2Y', bust: 54, waist: 51 },
  { label: '3Y', bust: 56, waist: 52 },
  { label: '4Y', bust: 58, waist: 53 },
  { label: '6Y', bust: 62, waist: 55 },
  { label: '8Y', bust: 66, waist: 58 },
  { label: '10Y', bust: 71, waist: 61 },
];
const labelSizes: Record<string, string[]> = {
  quilt: ['Baby', 'Throw', 'Twin', 'Queen', 'King'],
  hat: ['Child', 'Adult S', 'Adult M', 'Adult L'],
  socks: ['S', 'M', 'L'],
  blanket: ['Baby', 'Throw', 'Bed'],
  toy: ['Small', 'Large'],
  pouch: ['Small', 'Medium', 'Large'],
};

const languagePool = ['de', 'fr', 'es', 'nl', 'it', 'sv'];
const storeLanguage: Record<string, string> = { DE: 'de', FR: 'fr', NL: 'nl', SE: 'sv' };
const pricesByCurrency: Record<string, number[]> = {
  USD: [700, 900, 1000, 1200, 1400, 1600, 1800],
  EUR: [690, 850, 990, 1190, 1390, 1590],
  GBP: [600, 800, 950, 1100, 1300],
};

const roundTenth = (n: number) => Math.round(n * 10) / 10;

function sizeChart(g: Garment, store: DemoStore, r: Prng): { chart: { sizes: SizeEntry[] }; range: string } {
  if (g.sizing === 'none') return { chart: { sizes: [] }, range: 'One size' };
  if (g.sizing === 'labels') {
    const labels = labelSizes[g.category] ?? ['S', 'M', 'L'];
    return { chart: { sizes: labels.map((label) => ({ label })) }, range: `${labels[0]}–${labels[labels.length - 1]}` };
  }
  const table = g.sizing === 'kids' ? kidsSizes : g.sizing === 'unisex' ? unisexSizes : womenSizes;
  const first = g.sizing === 'kids' ? r.int(0, 2) : r.int(0, 1);
  const maxLast = store.extendedSizes ? table.length - 1 : Math.min(table.length - 1, 7);
  const last = g.sizing === 'kids' ? r.int(4, table.length - 1) : Math.max(first + 4, r.int(maxLast - 2, maxLast));
  const [eb, ew, eh] = g.ease ?? [8, 8, 8];
  const sizes = table.slice(first, last + 1).map((s) => {
    const entry: SizeEntry = { ...s };
    entry.finished = { bust: s.bust + eb, waist: s.waist + ew, ...('hip' in s ? { hip: (s as { hip: number }).hip + eh } : {}) };
    return entry;
  });
  return { chart: { sizes }, range: `${sizes[0]!.label}–${sizes[sizes.length - 1]!.label}` };
}

function yardage(g: Garment, labels: string[], r: Prng): YardageEntry[] {
  if (g.metres === undefined) return [];
  const sizeLabels = labels.length > 0 ? labels : ['One size'];
  const step = g.sizing === 'labels' ? g.metres * 0.45 : 0.1 + r.int(0, 2) * 0.05;
  const by = (base: number) => Object.fromEntries(sizeLabels.map((l, i) => [l, roundTenth(base + i * step)]));
  const main = g.category === 'quilt' || g.category === 'home' ? 'Background and prints (total)' : 'Main fabric';
  const out: YardageEntry[] = [
    { fabric: main, width_cm: 110, metres_by_size: by(g.metres) },
    { fabric: main, width_cm: 150, metres_by_size: by(roundTenth(g.metres * 0.75)) },
  ];
  if (g.lining) out.push({ fabric: 'Lining', width_cm: 140, metres_by_size: by(roundTenth(g.metres * 0.6)) });
  if (g.category === 'quilt') out.push({ fabric: 'Binding', width_cm: 110, metres_by_size: by(0.5) });
  return out;
}

const craftIntro: Record<string, string[]> = {
  sewing: [
    'A wardrobe staple you will make again and again.',
    'Drafted for a relaxed, flattering fit with room to move.',
    'A modern classic with thoughtful details and clean finishes inside and out.',
  ],
  bags: ['A sturdy, practical bag with a professional finish.', 'Roomy enough for every day, neat enough for the weekend.'],
  toys: ['An heirloom toy to sew for a little one you love.', 'Soft, squishy and made to be hugged for years.'],
  quilting: ['A striking quilt built from simple, accurate units.', 'Fat-quarter friendly and endlessly adaptable to your stash.'],
  knitting: ['Knit seamlessly from the top down, so you can try it on as you go.', 'A cosy knit with a rhythm that is easy to memorise.'],
  crochet: ['A joyful crochet make with clear charts and written rows.', 'Worked in simple stitches that build a beautiful texture.'],
  embroidery: ['A calming stitch project with a full-colour stitch guide.', 'Perfect for learning new stitches one motif at a time.'],
  'cross-stitch': ['A counted design with a large-print chart and a symbol key.', 'Stitch it in an evening or turn it into a year-long project.'],
};

function describe(title: string, g: Garment, craft: string, difficulty: number, chart: SizeEntry[], r: Prng): string {
  const lines = [
    `${r.pick(craftIntro[craft] ?? craftIntro.sewing!)} The **${title}** pattern includes step-by-step illustrated instructions${
      chart.length > 0 && chart[0]!.bust !== undefined ? ', a body-measurement chart and finished garment measurements' : ''
    }.`,
    '',
    `**Skill level:** ${difficultyLabel(difficulty)}.`,
    '',
    // no list of files here: the pattern page lists the files really attached (What you get)
  ];
  if (g.notions.length > 0) lines.push('**You will also need**', ...g.notions.map((n) => `- ${n}`), '');
  if (craft === 'sewing')
    lines.push(
      `Suggested fabrics: ${r.pick(['linen, cotton lawn, viscose or Tencel twill', 'mid-weight cotton, chambray or linen blends', 'wool flannel, melton or boiled wool', 'cotton jersey or French terry with 30% stretch'])}.`,
    );
  return lines.join('\n').trim();
}

/** 300 patterns spread over the designer stores, deterministic. */
export function generatePatterns(stores: DemoStore[], total = 300): DemoPattern[] {
  const r = prng('stitchhouse-demo-catalog');
  const out: DemoPattern[] = [];
  const usedTitles = new Set<string>();
  for (let i = 0; i < total; i++) {
    const store = stores[i % stores.length]!;
    const craft = store.crafts[r.chance(0.75) ? 0 : r.int(0, store.crafts.length - 1)]!;
    const g = r.pick(garments[craft]!);
    let title = '';
    for (let attempt = 0; attempt < 20 && (title === '' || usedTitles.has(title)); attempt++) {
      title = r.chance(0.2) ? `${r.pick(names)} ${r.pick(adjectives)} ${g.name}` : `${r.pick(names)} ${g.name}`;
    }
    if (usedTitles.has(title)) title = `${title} No. ${i + 1}`;
    usedTitles.add(title);

    const difficulty = Math.min(5, Math.max(1, Math.round(1 + r.next() * 2 + (g.sizing === 'women' ? r.next() * 2 : r.next()))));
    const { chart, range } = sizeChart(g, store, r);
    const labels = chart.sizes.map((s) => s.label);
    const printable = craft === 'sewing' || craft === 'bags' || craft === 'toys';
    const formats: Format[] = printable
      ? (['a4', 'us_letter', ...(r.chance(0.8) ? ['a0' as const] : []), ...(r.chance(0.55) ? ['projector' as const] : [])] as Format[])
      : r.chance(0.5)
        ? ['a4', 'us_letter']
        : ['a4'];
    const languages = ['en', ...(storeLanguage[store.country] ? [storeLanguage[store.country]!] : []), ...(r.chance(0.2) ? [r.pick(languagePool)] : [])].filter(
      (l, idx, all) => all.indexOf(l) === idx,
    );
    const free = r.chance(0.1);
    const price = free ? 0 : r.pick(pricesByCurrency[store.currency] ?? pricesByCurrency.USD!);
    const roll = r.next();
    const status: DemoPattern['status'] = roll < 0.05 ? 'draft' : roll < 0.08 ? 'archived' : 'published';
    const ageDays = r.int(3, 720);
    out.push({
      id: stableUuid(`pattern:${i}`),
      store_id: store.id,
      title,
      description: describe(title, g, craft, difficulty, chart.sizes, r),
      craft,
      category: g.category,
      difficulty,
      size_range: range,
      size_chart: chart,
      yardage: yardage(g, labels, r),
      formats,
      notions: g.notions,
      languages,
      tags: r
        .sample(g.tags, r.int(2, g.tags.length))
        .concat(r.chance(0.3) ? [r.pick(['gift', 'sustainable', 'capsule-wardrobe', 'stash-buster', 'video-tutorial'])] : []),
      licence: r.chance(0.8) ? 'personal' : 'small_business',
      price_cents: price,
      currency: store.currency,
      status,
      published_at: status === 'draft' ? null : daysBefore(ageDays),
      created_at: daysBefore(ageDays + r.int(1, 30)),
      wholesale_price_cents: printable && !free && r.chance(0.4) ? Math.round(price / 2) : null,
    });
  }
  return out;
}
