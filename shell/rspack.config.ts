import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';
import { ROUTES } from '../shared/src/routes.ts';
import { BootPlanPlugin } from './build/bootPlan.ts';
import { WebManifestPlugin } from './build/webManifest.ts';

/**
 * Writes route-paths.json (every path pattern of the route contract) next to index.html, so
 * the static server can answer 404 for an address no route matches (scripts/serve-apps.mjs).
 */
class RoutePathsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RoutePathsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RoutePathsPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('route-paths.json', new rspack.sources.RawSource(JSON.stringify(ROUTES.map((route) => route.path))));
      });
    });
  }
}

// The host knows no remote at build time: remotes.json, read at start, names them.
const config = appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname }) as Configuration;
config.plugins = [...(config.plugins ?? []), new RoutePathsPlugin(), new BootPlanPlugin(), new WebManifestPlugin()];
export default config;
