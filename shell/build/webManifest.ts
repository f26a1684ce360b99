import { rspack, type Compiler } from '@rspack/core';
import { BRAND_NAME, BRAND_TAGLINE } from '../../shared/src/brand.ts';

/** The brand's colour (shared/src/ui/tokens.css `--color-primary`): the installed app's title bar and splash. */
export const THEME_COLOUR = '#8a2f4c';

/**
 * The web app manifest, written as manifest.webmanifest next to index.html, which links
 * it from every page: Chrome's "Install" and iOS's "Add to Home Screen" give the app the icon /app
 * promises. The icons are PNG files in shell/public/icons (scripts/gen-app-icons.mjs). No service
 * worker: the app does not work offline, and /app says so.
 */
export function webManifest() {
  return {
    name: BRAND_NAME,
    short_name: BRAND_NAME,
    description: BRAND_TAGLINE,
    id: '/',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

export class WebManifestPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('WebManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'WebManifestPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('manifest.webmanifest', new rspack.sources.RawSource(`${JSON.stringify(webManifest(), null, 2)}\n`));
      });
    });
  }
}
