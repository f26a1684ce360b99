// @ts-check
// Writes `screen-shares.json` next to a remote's mf-manifest.json: for every exposed screen,
// the share keys its first load asks the host for (`@stitchhouse/shared/ui/index.ts`, `react`…).
// The shell's server preloads the shell's files for those keys with the screen's own
// (scripts/route-hints.mjs). mf-stats.json's `requires` misses the imports of modules that sit
// in a chunk split off the screen's, so this reads the chunk graph itself.

export class ScreenSharesPlugin {
  /** @param {any} compiler */
  apply(compiler) {
    const { rspack } = compiler;
    compiler.hooks.thisCompilation.tap('ScreenSharesPlugin', (/** @type {any} */ compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ScreenSharesPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        /** @type {Record<string, string[]>} */
        const screens = {};
        for (const group of compilation.chunkGroups) {
          const screen = /^__federation_expose_(.+)$/.exec(group.name ?? '')?.[1];
          if (!screen) continue;
          const keys = new Set();
          for (const chunk of group.chunks) {
            for (const module of compilation.chunkGraph.getChunkModules(chunk)) {
              // `consume shared module (default) <key>@<version> (singleton) …`
              const key = /^consume shared module \([^)]*\) (.+?)@/.exec(module.identifier())?.[1];
              if (key) keys.add(key);
            }
          }
          screens[screen] = [...keys].sort();
        }
        compilation.emitAsset('screen-shares.json', new rspack.sources.RawSource(JSON.stringify(screens)));
      });
    });
  }
}
