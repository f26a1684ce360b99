// @ts-check
// Import rules of the front end, shared and the functions, run by `npm test`
// (scripts/check-boundaries.mjs). They keep by themselves what the layout only
// promised: each app stands alone on `shared`, and inside an app screens build on
// features, features on api calls, api calls on shared — never the other way round.
// Why each rule exists is in its comment; docs/architecture.md has the map.

const app = '(shell|mf-[a-z]+)';
// A test may render the screen its feature sits in; the layering is about shipped code.
const tests = '\\.test\\.tsx?$';
// Folders every feature of an app may use: its shared pieces, its page frame, its form plumbing.
const crossCutting = '(shared|layout|form)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-app-imports-another-app',
      comment:
        'Apps are deployed and loaded separately (Module Federation): what two apps need goes in shared/.',
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
        'A feature folder uses its own files, the cross-cutting folders (features/shared, layout, form) and the lower layers. What two feature folders need moves to src/features/shared/ (or down to shared/). mf-partners/src/features/applications/ is shared by both partner programmes by design.',
      severity: 'error',
      from: { path: `^${app}/src/features/([^/]+)/`, pathNot: tests },
      to: {
        path: '^$1/src/features/([^/]+)/',
        pathNot: ['^$1/src/features/$2/', `^$1/src/features/${crossCutting}/`, '^mf-partners/src/features/applications/'],
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
