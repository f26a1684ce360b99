// Each display and business rule is defined once, in shared/, and used everywhere:
// a second `formatPrice` or a second list of difficulty words is how a person ends up seeing
// "Easy" on one page and "Confident beginner" on the next. This test reads every source file
// of the repository (tests aside) and fails when a listed name is defined in more than one
// place, or a rule's words appear outside the module that owns them. Add a name when you add a rule.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import APPS from '../src/apps.json';

const root = join(import.meta.dirname, '..', '..');
const FOLDERS = [...APPS.map((app) => app.folder), 'shared', 'supabase', 'backend', 'e2e', 'bench', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.tools', 'results', 'migrations']);

/** Rules and where each is defined. */
export const ONE_DEFINITION: Record<string, string> = {
  // catalog words
  CRAFTS: 'shared/src/catalog/labels.ts',
  craftLabel: 'shared/src/catalog/labels.ts',
  categoryLabel: 'shared/src/catalog/labels.ts',
  DIFFICULTY_LABELS: 'shared/src/catalog/labels.ts',
  difficultyLabel: 'shared/src/catalog/labels.ts',
  PATTERN_FORMATS: 'shared/src/catalog/formats.ts',
  FORMATS: 'shared/src/catalog/formats.ts',
  formatLabel: 'shared/src/catalog/formats.ts',
  // knitting and crochet facets
  YARN_WEIGHTS: 'shared/src/catalog/yarn.ts',
  NEEDLE_SIZES: 'shared/src/catalog/yarn.ts',
  yarnWeightLabel: 'shared/src/catalog/yarn.ts',
  needleLabel: 'shared/src/catalog/yarn.ts',
  gaugeLabel: 'shared/src/catalog/yarn.ts',
  yarnAmountLabel: 'shared/src/catalog/yarn.ts',
  hasYarnFacets: 'shared/src/catalog/yarn.ts',
  // money on screen
  formatMoney: 'shared/src/money.ts',
  formatAmount: 'shared/src/money.ts',
  formatPrice: 'shared/src/money.ts',
  formatDay: 'shared/src/money.ts',
  formatBasisPoints: 'shared/src/plans.ts',
  // fees, plans, taxes
  PLANS: 'shared/src/plans.ts',
  EU_VAT_RATES: 'shared/src/countries.ts',
  splitSale: 'shared/src/pricing.ts',
  splitRoyalty: 'shared/src/pricing.ts',
  describeSaleFee: 'shared/src/plans.ts',
  PRINT_ROYALTY_BP: 'shared/src/pricing.ts',
  SUPPORTED_CURRENCIES: 'shared/src/money.ts',
  RESELLER_COMMISSION_BP: 'shared/src/pricing.ts',
  REFERRAL_ATTRIBUTION_DAYS: 'shared/src/pricing.ts',
  quoteCart: 'shared/src/pricing.ts',
  countryOptions: 'shared/src/countries.ts',
  countryName: 'shared/src/countries.ts',
  defaultCurrency: 'shared/src/countries.ts',
  // server helpers (backend and functions)
  escapeHtml: 'shared/src/html.mjs',
  // every CSV the product writes (report exports, till feed, settlement statement): formula cells neutralised
  writeCsv: 'shared/src/csv.ts',
  CSV_FORMULA_LEAD: 'shared/src/csv.ts',
  parseBearer: 'shared/src/bearer.ts',
  inTransaction: 'backend/src/db/tx.ts',
  // the functions' wire: one handler, one error shape, one contract per function, one reader each way
  errorEnvelope: 'shared/src/contracts/envelope.ts',
  functionError: 'shared/src/contracts/functionError.ts',
  streamFunction: 'shared/src/streamingFetch.ts',
  invokeFunction: 'shared/src/functions.ts',
  DOWNLOAD_ERRORS: 'shared/src/contracts/download.ts',
  CHECKOUT_ERRORS: 'shared/src/contracts/checkout.ts',
  checkoutQuote: 'shared/src/contracts/checkout.ts',
  checkoutRequest: 'shared/src/contracts/checkout.ts',
  REPORT_SOURCES: 'shared/src/contracts/report-export.ts',
  SALES_LINE_COLUMNS: 'shared/src/contracts/report-export.ts',
  FEED_COLUMNS: 'shared/src/contracts/pos-catalog.ts',
  recordResult: 'shared/src/contracts/pos-shared.ts',
  reviewRequest: 'shared/src/contracts/review.ts',
  billingRequest: 'shared/src/contracts/billing.ts',
  refundRequest: 'shared/src/contracts/refund.ts',
};

/** Words that belong to one rule: they may only be written in its module. */
const VOCABULARY: Array<{ words: RegExp; owner: string; what: string; within?: string }> = [
  { words: /['"](Confident beginner|Advanced beginner|Intermediate)['"]/, owner: 'shared/src/catalog/labels.ts', what: 'difficulty words' },
  { words: /['"]macrame['"]/, owner: 'shared/src/catalog/labels.ts', what: 'the list of crafts' },
  { words: /\/\^bearer\\s/i, owner: 'shared/src/bearer.ts', what: 'Bearer header parsing' },
  { words: /query\(\s*['"]begin['"]/i, owner: 'backend/src/db/tx.ts', what: 'hand-rolled transactions', within: 'backend/src/' },
  { words: /['"]&amp;['"]/, owner: 'shared/src/html.mjs', what: 'HTML escaping' },
  { words: /\bunparse\(/, owner: 'shared/src/csv.ts', what: 'CSV writing' },
];

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) sourceFiles(join(dir, entry.name), out);
    } else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !/\.(test|spec)\.[mc]?[jt]sx?$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name)) {
      out.push(join(dir, entry.name));
    }
  }
  return out;
}

/** `function name`, `const name =`, `let name:`, `class name`, `export { x as name }`: a definition, not a use. */
function definitionPattern(name: string): RegExp {
  return new RegExp(`(?:\\bfunction\\s+${name}\\b|\\b(?:const|let|var|class)\\s+${name}\\b\\s*[=:<({]|\\bas\\s+${name}\\b\\s*[,}])`);
}

const files = FOLDERS.flatMap((folder) => sourceFiles(join(root, folder))).map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));

describe('one definition per rule', () => {
  it('reads the repository', () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it.each(Object.entries(ONE_DEFINITION))('%s is defined only in %s', (name, owner) => {
    const pattern = definitionPattern(name);
    const definedIn = files.filter((f) => pattern.test(f.text)).map((f) => f.path);
    expect(definedIn).toEqual([owner]);
  });

  it.each(VOCABULARY)('$what are written only in $owner', ({ words, owner, within = '' }) => {
    const writtenIn = files.filter((f) => f.path.startsWith(within) && words.test(f.text)).map((f) => f.path);
    expect(writtenIn).toEqual([owner]);
  });
});
