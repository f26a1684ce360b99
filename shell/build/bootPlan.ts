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
 * - `federation`: the files of the lazily loaded federation runtime.
 * - `provided`: for each share key the shell provides, the files its lazy import loads.
 * Files already in the page (the entry's) are left out.
 */
export interface BootPlan {
  routes: { path: string; owner: string; module: string; title: string; signIn: boolean }[];
  site: { name: string; tagline: string; titleTemplate: string };
  pages: Record<string, string[]>;
  federation: string[];
  provided: Record<string, string[]>;
}

const SHELL_SRC = path.join(import.meta.dirname, '..', 'src');
const SHARED_SRC = path.join(import.meta.dirname, '..', '..', 'shared', 'src');
const FEDERATION = path.join(SHELL_SRC, 'federation');
/** The request of a shell page's English catalog in messages.ts's lazy context. */
const PAGE_ENGLISH = /^\.\/(?:routes\/catalogs\/)?(\w+)\/locales\/en\.json$/;
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
            // a page's English catalog (messages.ts pageMessages) is fetched beside the page's chunk
            else if (isContext && [SHELL_SRC, path.join(SHELL_SRC, 'routes', 'catalogs')].includes(where) && PAGE_ENGLISH.test(request)) {
              const page = PAGE_ENGLISH.exec(request)![1]!;
              plan.pages[page] = [...(plan.pages[page] ?? []), ...files];
            } else if (where === path.join(FEDERATION, 'remotes.ts') && request === './runtime.ts') files.forEach((file) => federation.add(file));
            else if (PROVIDED_IMPORTS[request] && [path.join(FEDERATION, 'provided.ts'), path.join(FEDERATION, 'runtime.ts')].includes(where))
              plan.provided[PROVIDED_IMPORTS[request]!] = files;
          }
        }
        plan.federation = [...federation];
        if (!plan.federation.length || !Object.keys(plan.pages).length) {
          compilation.errors.push(
            new rspack.WebpackError('boot-plan.json: the federation runtime or the shell pages were not found (shell/build/bootPlan.ts)') as never,
          );
        }
        compilation.emitAsset('boot-plan.json', new rspack.sources.RawSource(JSON.stringify(plan)));
      });
    });
  }
}
