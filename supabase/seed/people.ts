// Demo accounts (all share DEMO_PASSWORD; listed in README.md) and the stores they own.
import { stableUuid } from './prng.ts';

export const DEMO_PASSWORD = 'Stitchhouse-demo-2026';

export type Intent = 'maker' | 'designer' | 'retailer';

export interface DemoUser {
  key: string;
  id: string;
  email: string;
  displayName: string;
  intent: Intent;
  /** Extra roles granted by the service role (operator only comes from here). */
  roles: string[];
}

function user(key: string, email: string, displayName: string, intent: Intent, roles: string[] = []): DemoUser {
  return { key, id: stableUuid(`user:${key}`), email, displayName, intent, roles };
}

export interface DemoStore {
  key: string;
  id: string;
  ownerKey: string;
  slug: string;
  kind: 'designer' | 'retailer' | 'supplier';
  name: string;
  bio: string;
  country: string;
  currency: string;
  /** Crafts a designer store publishes, most frequent first. */
  crafts: string[];
  /** Extends the usual XS–4XL grading to 6XL. */
  extendedSizes?: boolean;
  address?: { line1: string; city: string; postal_code: string; region?: string };
  plan: 'free' | 'pro';
}

interface StoreSpec extends Omit<DemoStore, 'id' | 'ownerKey' | 'kind' | 'plan'> {
  owner: string;
  ownerEmail: string;
  plan?: 'free' | 'pro';
}

const designerSpecs: StoreSpec[] = [
  {
    key: 'blue-thimble',
    slug: 'blue-thimble',
    name: 'Blue Thimble Studio',
    owner: 'Ada Lindqvist',
    ownerEmail: 'ada@bluethimble.test',
    country: 'US',
    currency: 'USD',
    crafts: ['sewing'],
    plan: 'pro',
    bio: 'Easy-to-fit everyday garments drafted for real bodies, with layered PDFs and a projector file for every pattern.',
  },
  {
    key: 'fern-and-fathom',
    slug: 'fern-and-fathom',
    name: 'Fern & Fathom',
    owner: 'Imogen Hart',
    ownerEmail: 'imogen@fernandfathom.test',
    country: 'GB',
    currency: 'GBP',
    crafts: ['sewing', 'bags'],
    bio: 'Slow-fashion sewing patterns from a tiny studio on the Cornish coast. Linen, wool and things you will wear for years.',
  },
  {
    key: 'naehwerk-berlin',
    slug: 'naehwerk-berlin',
    name: 'Nähwerk Berlin',
    owner: 'Jonas Weber',
    ownerEmail: 'jonas@naehwerk.test',
    country: 'DE',
    currency: 'EUR',
    crafts: ['sewing'],
    plan: 'pro',
    bio: 'Schnittmuster mit klaren Anleitungen auf Deutsch und Englisch. Clean lines, clever pockets, instructions in German and English.',
  },
  {
    key: 'maison-lumiere',
    slug: 'maison-lumiere',
    name: 'Maison Lumière Patrons',
    owner: 'Camille Rousseau',
    ownerEmail: 'camille@maisonlumiere.test',
    country: 'FR',
    currency: 'EUR',
    crafts: ['sewing'],
    bio: 'Patrons de couture inspirés du vestiaire parisien: blouses, robes et vestes, expliqués pas à pas.',
  },
  {
    key: 'prairie-stitch-co',
    slug: 'prairie-stitch-co',
    name: 'Prairie Stitch Co.',
    owner: 'Ruth Okafor',
    ownerEmail: 'ruth@prairiestitch.test',
    country: 'US',
    currency: 'USD',
    crafts: ['quilting'],
    plan: 'pro',
    bio: 'Modern quilt patterns with fat-quarter-friendly cutting charts and yardage for every size from baby to king.',
  },
  {
    key: 'north-sea-knits',
    slug: 'north-sea-knits',
    name: 'North Sea Knits',
    owner: 'Femke de Vries',
    ownerEmail: 'femke@northseaknits.test',
    country: 'NL',
    currency: 'EUR',
    crafts: ['knitting'],
    bio: 'Seamless sweaters and cosy accessories, graded in 10 sizes and tested by knitters of every shape.',
  },
  {
    key: 'hook-and-hollow',
    slug: 'hook-and-hollow',
    name: 'Hook & Hollow',
    owner: 'Maya Brennan',
    ownerEmail: 'maya@hookandhollow.test',
    country: 'US',
    currency: 'USD',
    crafts: ['crochet'],
    bio: 'Crochet garments, bags and amigurumi with photo tutorials and stitch charts.',
  },
  {
    key: 'little-wren-makes',
    slug: 'little-wren-makes',
    name: 'Little Wren Makes',
    owner: 'Priya Nair',
    ownerEmail: 'priya@littlewren.test',
    country: 'AU',
    currency: 'USD',
    crafts: ['toys', 'sewing'],
    bio: 'Heirloom softies and kids\u2019 clothes sized 1 to 10 years, made to be handed down.',
  },
  {
    key: 'thread-and-thistle',
    slug: 'thread-and-thistle',
    name: 'Thread & Thistle',
    owner: 'Eilidh MacLeod',
    ownerEmail: 'eilidh@threadandthistle.test',
    country: 'GB',
    currency: 'GBP',
    crafts: ['embroidery', 'cross-stitch'],
    bio: 'Botanical hand-embroidery and cross-stitch designs from the Highlands, with full-colour stitch guides.',
  },
  {
    key: 'carryall-works',
    slug: 'carryall-works',
    name: 'Carryall Works',
    owner: 'Daniel Tremblay',
    ownerEmail: 'daniel@carryallworks.test',
    country: 'CA',
    currency: 'USD',
    crafts: ['bags'],
    bio: 'Bag patterns with hardware lists, interfacing guides and a video for every tricky step.',
  },
  {
    key: 'selvedge-and-sons',
    slug: 'selvedge-and-sons',
    name: 'Selvedge & Sons',
    owner: 'Marcus Bell',
    ownerEmail: 'marcus@selvedgeandsons.test',
    country: 'US',
    currency: 'USD',
    crafts: ['sewing'],
    bio: 'Workwear-inspired patterns for shirts, chore coats and trousers, drafted for men and women.',
  },
  {
    key: 'patchwork-pines',
    slug: 'patchwork-pines',
    name: 'Patchwork Pines',
    owner: 'Hannah Lee',
    ownerEmail: 'hannah@patchworkpines.test',
    country: 'US',
    currency: 'USD',
    crafts: ['quilting', 'embroidery'],
    bio: 'Scrap-friendly quilts and wall hangings inspired by the forests of the Pacific Northwest.',
  },
  {
    key: 'loop-theory',
    slug: 'loop-theory',
    name: 'Loop Theory',
    owner: 'Astrid Berg',
    ownerEmail: 'astrid@looptheory.test',
    country: 'SE',
    currency: 'EUR',
    crafts: ['knitting', 'crochet'],
    bio: 'Minimal Scandinavian knits and crochet, with charts and written instructions for every row.',
  },
  {
    key: 'curve-studio',
    slug: 'curve-studio',
    name: 'Curve Studio',
    owner: 'Tanisha Brooks',
    ownerEmail: 'tanisha@curvestudio.test',
    country: 'US',
    currency: 'USD',
    crafts: ['sewing'],
    extendedSizes: true,
    plan: 'pro',
    bio: 'Size-inclusive sewing patterns drafted from a 2XL block and graded XS to 6XL (hip up to 168 cm).',
  },
];

const retailerSpecs: StoreSpec[] = [
  {
    key: 'the-cotton-reel',
    slug: 'the-cotton-reel',
    name: 'The Cotton Reel',
    owner: 'Gloria Mendes',
    ownerEmail: 'gloria@cottonreel.test',
    country: 'US',
    currency: 'USD',
    crafts: [],
    address: { line1: '214 Church Street', city: 'Burlington', postal_code: '05401', region: 'VT' },
    bio: 'Quilting cottons, linen and garment fabric by the metre, classes every weekend, and printed patterns from our favourite indie designers.',
  },
  {
    key: 'stoffladen-mitte',
    slug: 'stoffladen-mitte',
    name: 'Stoffladen Mitte',
    owner: 'Lena Fischer',
    ownerEmail: 'lena@stoffladen.test',
    country: 'DE',
    currency: 'EUR',
    crafts: [],
    address: { line1: 'Torstraße 112', city: 'Berlin', postal_code: '10119' },
    bio: 'Bio-Baumwolle, Leinen und Jersey, dazu gedruckte Schnittmuster im A0-Format direkt im Laden.',
  },
  {
    key: 'bobbin-and-bolt',
    slug: 'bobbin-and-bolt',
    name: 'Bobbin & Bolt',
    owner: 'Oliver Grant',
    ownerEmail: 'oliver@bobbinandbolt.test',
    country: 'GB',
    currency: 'GBP',
    crafts: [],
    address: { line1: '18 King Street', city: 'Bristol', postal_code: 'BS1 4EF' },
    bio: 'Dressmaking fabric, haberdashery and a copy-shop plotter for A0 pattern printing while you wait.',
  },
  {
    key: 'maple-fabric-house',
    slug: 'maple-fabric-house',
    name: 'Maple Fabric House',
    owner: 'Sophie Chen',
    ownerEmail: 'sophie@maplefabric.test',
    country: 'CA',
    currency: 'USD',
    crafts: [],
    address: { line1: '455 Queen Street West', city: 'Toronto', postal_code: 'M5V 2A9', region: 'ON' },
    bio: 'Toronto\u2019s friendliest fabric shop: wool, waxed canvas, bag hardware and printed indie patterns.',
  },
];

export const designerStores: DemoStore[] = designerSpecs.map((s) => ({
  ...s,
  id: stableUuid(`store:${s.key}`),
  ownerKey: s.key,
  kind: 'designer',
  plan: s.plan ?? 'free',
}));
export const retailStores: DemoStore[] = retailerSpecs.map((s) => ({
  ...s,
  id: stableUuid(`store:${s.key}`),
  ownerKey: s.key,
  kind: 'retailer',
  plan: s.plan ?? 'free',
}));

export const operator = user('operator', 'operator@stitchhouse.test', 'Sam Okoro (Stitchhouse staff)', 'maker', ['operator']);
export const makers: DemoUser[] = [
  user('maker-rosa', 'rosa@makers.test', 'Rosa Delgado', 'maker'),
  user('maker-ben', 'ben@makers.test', 'Ben Adeyemi', 'maker'),
  user('maker-kiri', 'kiri@makers.test', 'Kiri Walker', 'maker'),
  user('maker-lotte', 'lotte@makers.test', 'Lotte Jansen', 'maker'),
  user('maker-amelie', 'amelie@makers.test', 'Amélie Dubois', 'maker'),
  user('maker-noor', 'noor@makers.test', 'Noor Haddad', 'maker'),
  user('maker-grace', 'grace@makers.test', 'Grace Kim', 'maker'),
  user('maker-tom', 'tom@makers.test', 'Tom Fairweather', 'maker'),
];
export const partners: DemoUser[] = [
  user('partner-reseller', 'reseller@partners.test', 'Pattern Parcel Collective', 'maker'),
  user('partner-supplier', 'supplier@partners.test', 'Meadow Mill Fabrics', 'maker'),
  user('partner-applicant', 'applicant@partners.test', 'Printworks Plotting', 'maker'),
];
export const storeOwners: DemoUser[] = [...designerSpecs, ...retailerSpecs].map((s) =>
  user(s.key, s.ownerEmail, s.owner, retailerSpecs.includes(s) ? 'retailer' : 'designer'),
);

export const allUsers: DemoUser[] = [operator, ...storeOwners, ...makers, ...partners];

const FIRST_NAMES = [
  'Aisha',
  'Bea',
  'Carmen',
  'Dalia',
  'Elif',
  'Freya',
  'Gwen',
  'Hana',
  'Ines',
  'June',
  'Kasia',
  'Leila',
  'Mina',
  'Nell',
  'Orla',
  'Pia',
  'Quinn',
  'Rhea',
  'Saoirse',
  'Tove',
  'Uma',
  'Vera',
  'Wren',
  'Yara',
  'Zoe',
  'Arlo',
  'Felix',
  'Jonah',
  'Mateo',
  'Sami',
];
const LAST_NAMES = [
  'Abbott',
  'Berger',
  'Costa',
  'Duarte',
  'Eriksen',
  'Fontaine',
  'García',
  'Hughes',
  'Ivanova',
  'Janssen',
  'Kowalski',
  'Lambert',
  'Moreau',
  'Nakamura',
  'O\u2019Neill',
  'Petrova',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Vogel',
  'Walsh',
  'Young',
];
/** Where the demo shoppers live (each order carries its country's VAT, shared/src/countries.ts). */
export const SHOPPER_COUNTRIES = ['US', 'GB', 'DE', 'US', 'FR', 'NL', 'CA', 'US', 'IE', 'IT', 'AU', 'SE', 'ES', 'US', 'GB', 'DE'] as const;

export interface DemoShopper extends DemoUser {
  country: string;
}

/**
 * The marketplace's other customers: accounts that bought over the demo year (the sales history
 * behind the reports). They share the demo password like every demo account, but nobody needs them.
 */
export const shoppers: DemoShopper[] = Array.from({ length: 180 }, (_, i) => {
  const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length]!;
  const last = LAST_NAMES[(i * 11 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]!;
  const n = String(i + 1).padStart(3, '0');
  return { ...user(`shopper-${n}`, `shopper${n}@customers.test`, `${first} ${last}`, 'maker'), country: SHOPPER_COUNTRIES[i % SHOPPER_COUNTRIES.length]! };
});
