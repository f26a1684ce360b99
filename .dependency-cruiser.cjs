// @ts-check
// Import rules of the front end, shared, the functions, the backend, the seed, e2e and the
// scripts, run by `npm test`
// (scripts/check-boundaries.mjs). They keep by themselves what the layout only
// promised: each app stands alone on `shared`, and inside an app screens build on
// features, features on api calls, api calls on shared — never the other way round.
// Why each rule exists is in its comment; docs/architecture.md has the map.

const app = '(shell|mf-[a-z]+)';
// A test may render the screen its feature sits in; the layering is about shipped code.
const tests = '\\.test\\.tsx?$';
// Folders every feature of an app may use: its shared pieces, its page frame, its form plumbing.
const crossCutting = '(shared|layout|form)';
// mf-catalog's pieces that several of its features use, each in a folder named for what it holds
// (mf-catalog/src/features/README.md): the pattern card, favourites, sizes, the gallery…
const catalogRooms = '(pattern-card|pagination|favourites|sizes|gallery|description|fit|ask-designer|locale)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-app-imports-another-app',
      comment: 'Apps are deployed and loaded separately (Module Federation): what two apps need goes in shared/.',
      severity: 'error',
      from: { path: `^${app}/` },
      to: { path: `^${app}/`, pathNot: '^$1/' },
    },
    {
      name: 'apps-reach-shared-by-package-name',
      comment:
        'Use @stitchhouse/shared/<entry> (its exports are the public surface, one singleton per page); a relative path into shared/src bypasses both. (Build configs, which run in Node, may read shared files.)',
      severity: 'error',
      from: { path: `^${app}/(src|test)/` },
      to: { path: '^shared/', dependencyTypes: ['local'] },
    },
    {
      name: 'api-does-not-import-features-or-routes',
      comment: 'Layers: routes → features → api → shared. An api call that needs a feature type moves the type down to api/.',
      severity: 'error',
      from: { path: `^${app}/src/api/`, pathNot: tests },
      to: { path: '^$1/src/(features|routes)/' },
    },
    {
      name: 'features-do-not-import-routes',
      comment: 'Layers: routes → features → api → shared. Screens compose features, not the other way round.',
      severity: 'error',
      from: { path: `^${app}/src/features/`, pathNot: tests },
      to: { path: '^$1/src/routes/' },
    },
    {
      name: 'feature-folders-do-not-cross-import',
      comment:
        'A feature folder uses its own files, the cross-cutting folders (features/shared, layout, form) and the lower layers. What two feature folders need moves to src/features/shared/ (or down to shared/); mf-catalog gives each such piece a folder named for what it holds (catalogRooms). mf-partners/src/features/applications/ is shared by both partner programmes by design.',
      severity: 'error',
      from: { path: `^${app}/src/features/([^/]+)/`, pathNot: tests },
      to: {
        path: '^$1/src/features/([^/]+)/',
        pathNot: [
          '^$1/src/features/$2/',
          `^$1/src/features/${crossCutting}/`,
          `^mf-catalog/src/features/${catalogRooms}/`,
          '^mf-partners/src/features/applications/',
        ],
      },
    },
    {
      name: 'functions-stay-inside-supabase',
      comment:
        'A deployed function bundles only what is under supabase/; shared rules come in through the import map name (@stitchhouse/shared/…, supabase/functions/deno.json), never a ../../../ path.',
      severity: 'error',
      from: { path: '^supabase/functions/' },
      to: { pathNot: '^supabase/', dependencyTypes: ['local'] },
    },
    {
      name: 'shared-stands-alone',
      comment: 'shared/ is the bottom layer: it imports no app and no backend code (its tests neither).',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: [`^${app}/`, '^backend/', '^supabase/', '^e2e/'] },
    },
    {
      name: 'apps-import-no-backend-or-tooling',
      comment:
        'An app ships to the browser and talks to the backend only through supabase-js: it imports nothing from backend/, supabase/ (functions, seed, tests), e2e/, scripts/ or bench/. (Build configs read shared/build, never these.)',
      severity: 'error',
      from: { path: `^${app}/` },
      to: { path: ['^backend/', '^supabase/', '^e2e/', '^scripts/', '^bench/'] },
    },
    {
      name: 'functions-never-import-backend',
      comment:
        "A function runs unchanged on hosted Supabase, where there is no backend/: it reaches data through SUPABASE_URL and supabase-js, never the embedded backend's code (nor tests, seed or scripts).",
      severity: 'error',
      from: { path: '^supabase/functions/' },
      to: { path: ['^backend/', '^supabase/(seed|test|scripts)/', '^e2e/', '^scripts/', '^bench/'] },
    },
    {
      name: 'backend-runs-supabase-without-importing-it',
      comment:
        'backend/src serves supabase/ (reads migrations, runs functions under Deno, seeds through the CLI) but imports none of it, no app, no test and no tooling: the same supabase/ folder deploys to hosted Supabase without it. Shared rules (Bearer parsing, HTML escaping, the password rule) come from shared/src.',
      severity: 'error',
      from: { path: '^backend/(src|scripts)/' },
      to: { path: [`^${app}/`, '^supabase/', '^e2e/', '^scripts/', '^bench/', '^backend/test/'] },
    },
    {
      name: 'backend-tests-import-no-app-or-browser-test',
      comment:
        "Backend suites act through the real stack (harness.ts) and shared/src/testing; they may read supabase/ (functions' pure modules, the seed, PDF helpers in supabase/test) but no app and no browser test.",
      severity: 'error',
      from: { path: '^backend/test/' },
      to: { path: [`^${app}/`, '^e2e/', '^bench/'] },
    },
    {
      name: 'seed-stands-on-shared',
      comment:
        "supabase/seed writes the demo marketplace through supabase-js with the service key, as scripts/seed.mjs does against a hosted project: it uses shared rules (prices, formats, labels) and its own files, not the embedded backend, the functions, an app or a test. One exception: the demo PDFs print their text with the stamp's own font-safe rule (toFontSafeText in supabase/functions/_shared/stamp.ts, a pure pdf-lib module with no Deno API), so a seeded file stamps as an uploaded one does; and the demo masters' formats are made by the generator the pattern-formats function uses (master.ts and print-formats.ts, pure pdf-lib modules too), so the demo shows what a designer gets.",
      severity: 'error',
      from: { path: '^supabase/seed/' },
      to: {
        path: [`^${app}/`, '^backend/', '^supabase/(functions|test|scripts)/', '^e2e/', '^scripts/', '^bench/'],
        pathNot: '^supabase/functions/_shared/(stamp|master|print-formats)\\.ts$',
      },
    },
    {
      name: 'e2e-reaches-apps-through-served-builds',
      comment:
        'Browser tests load the apps as a browser does, from their built, served dist/ (e2e/src/harness.ts), and start the backend as a process: they import no app source and no backend code. Test helpers come from shared/src/testing and supabase/test, scripts under test from scripts/.',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: [`^${app}/`, '^backend/', '^supabase/(functions|seed)/', '^bench/'] },
    },
    {
      name: 'scripts-start-things-they-do-not-import',
      comment:
        'scripts/ builds, serves, seeds and tests by starting each package (pnpm, the backend CLI, rspack): it imports only shared/ (the app list, route contract helpers, precompression) and its own files, never an app, the backend, supabase/ code, e2e/ or bench/.',
      severity: 'error',
      from: { path: '^scripts/' },
      to: { path: [`^${app}/`, '^backend/', '^supabase/', '^e2e/', '^bench/'] },
    },
    {
      name: 'no-import-cycles',
      comment:
        'Two modules that import each other (directly or round a loop) evaluate in an order that depends on which is imported first, and one sees the other half-initialised. Break the loop by moving what both need into a module of its own. Type-only imports (erased at build time) and dynamic imports (run after both modules have evaluated) do not count. (ESLint leaves cycles to this rule: dependency-cruiser resolves every import of these folders already.)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only', 'dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|build-output|\\.tools)/' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
