import path from 'node:path';
import { rspack, type Compiler } from '@rspack/core';
import { ROUTES } from '../../shared/src/routes.ts';
import { BRAND_NAME, BRAND_TAGLINE, pageTitle } from '../../shared/src/brand.ts';
import { platformShareKey } from '../src/federation/providedKey.ts';

/**
 * What the shell's page needs for each route, written as boot-plan.json next to index.html:
 * the static server (scripts/serve-apps.mjs, `routeHints`) turns it into preload hints in
 * the page it sends, so a visit opened on a remote's screen fetches the federation runtime,
 * the remote's entry, its screen and the platform files it uses in parallel instead of one
 * after another.
 *
 * - `routes`: the route contract (path pattern, owner, module, title, signIn).
 * - `site`: the marketplace's name, tagline and document-title template, for the page's head
 *   (scripts/page-head.mjs).
 * - `pages`: the files of each shell page's lazy chunk group (`Home` → [...]).
 * - `catalogs`: per language, the files of the shell's and shared's catalogs, which every page
 *   loads before its first render (`de` → [...]): the page server hints the page's language only.
 * - `pageCatalogs`: per shell page, per language, the files of that page's own catalog.
 * - `federation`: the files of the lazily loaded federation runtime.
 * - `provided`: for each share key the shell provides, the files its lazy import loads.
 * Files already in the page (the entry's) are left out.
 */
export interface BootPlan {
  routes: { path: string; owner: string; module: string; title: string; signIn: boolean }[];
  site: { name: string; tagline: string; titleTemplate: string };
  catalogs: Record<string, string[]>;
  pageCatalogs: Record<string, Record<string, string[]>>;
  pages: Record<string, string[]>;
  federation: string[];
  provided: Record<string, string[]>;
}

const SHELL_SRC = path.join(import.meta.dirname, '..', 'src');
const SHARED_SRC = path.join(import.meta.dirname, '..', '..', 'shared', 'src');
const FEDERATION = path.join(SHELL_SRC, 'federation');
/** A catalog file of a lazy context, by where it resolves: the shell's or shared's boot catalog, or a shell page's. */
const BOOT_CATALOG = [path.join(SHELL_SRC, 'locales'), path.join(SHARED_SRC, 'locales')];
const PAGE_CATALOGS = path.join(SHELL_SRC, 'routes', 'catalogs');
const PAGE_CATALOG = /^(\w+)\/locales\/(\w+)\.json$/;
/** Lazy imports of provided.ts that are not platform files: request → share key. */
const PROVIDED_IMPORTS: Record<string, string> = {
  './reactRouter.ts': 'react-router',
  '@supabase/supabase-js': '@supabase/supabase-js',
  './reactQuery.ts': '@tanstack/react-query',
  'react-hook-form': 'react-hook-form',
};

export class BootPlanPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('BootPlanPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BootPlanPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const initial = new Set(compilation.chunkGroups.filter((group) => group.isInitial()).flatMap((group) => group.getFiles()));
        const plan: BootPlan = {
          routes: ROUTES.map(({ path: p, owner, module, title, signIn }) => ({ path: p, owner, module, title, signIn })),
          site: { name: BRAND_NAME, tagline: BRAND_TAGLINE, titleTemplate: pageTitle('%s') },
          pages: {},
          catalogs: {},
          pageCatalogs: {},
          federation: [],
          provided: {},
        };
        const federation = new Set<string>();
        for (const module of compilation.modules) {
          if (!module.blocks.length) continue;
          // `<folder>|lazy|…` for a lazy context, `loader!<file>` (`|hash` when concatenated) otherwise.
          const id = module.identifier().split('|');
          const where = id[0]!.split('!').pop()!;
          const isContext = id[1] === 'lazy';
          for (const block of module.blocks) {
            const request = block.dependencies[0]?.request;
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            if (!request || !group) continue;
            const files = group.getFiles().filter((file) => !initial.has(file) && /\.(js|css)$/.test(file));
            if (isContext && where === SHARED_SRC) plan.provided[platformShareKey(request)] = files;
            else if (isContext && where === path.join(SHELL_SRC, 'routes'))
              plan.pages[request.replace(/^\.\/|\.tsx$/g, '')] = [...files, ...(plan.pages[request.replace(/^\.\/|\.tsx$/g, '')] ?? [])];
            else if (isContext && request.endsWith('.json')) {
              // a catalog in one language (messages.ts, i18n/catalog.ts, pageMessages)
              const file = path.resolve(where, request);
              const page = PAGE_CATALOG.exec(path.relative(PAGE_CATALOGS, file));
              const locale = path.basename(file, '.json');
              if (page) (plan.pageCatalogs[page[1]!] ??= {})[page[2]!] = files;
              else if (BOOT_CATALOG.includes(path.dirname(file))) plan.catalogs[locale] = [...(plan.catalogs[locale] ?? []), ...files];
            } else if (where === path.join(FEDERATION, 'remotes.ts') && request === './runtime.ts') files.forEach((file) => federation.add(file));
            else if (PROVIDED_IMPORTS[request] && [path.join(FEDERATION, 'provided.ts'), path.join(FEDERATION, 'runtime.ts')].includes(where))
              plan.provided[PROVIDED_IMPORTS[request]!] = files;
          }
        }
        plan.federation = [...federation];
        if (!plan.federation.length || !Object.keys(plan.pages).length || !plan.catalogs.en?.length) {
          compilation.errors.push(
            new rspack.WebpackError(
              'boot-plan.json: the federation runtime, the shell pages or the catalogs were not found (shell/build/bootPlan.ts)',
            ) as never,
          );
        }
        compilation.emitAsset('boot-plan.json', new rspack.sources.RawSource(JSON.stringify(plan)));
      });
    });
  }
}
