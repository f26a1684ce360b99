import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';

/** One exposed module per screen; the route contract (shared/src/routes.ts) names them. */
export const exposes = {
  './PatternCatalog': './src/routes/PatternCatalog.tsx',
  './PatternSearch': './src/routes/PatternSearch.tsx',
  './MyPatterns': './src/routes/MyPatterns.tsx',
  './MyStore': './src/routes/MyStore.tsx',
  './PatternDetail': './src/routes/PatternDetail.tsx',
  './PatternEdit': './src/routes/PatternEdit.tsx',
  './PatternDownload': './src/routes/PatternDownload.tsx',
  './Storefront': './src/routes/Storefront.tsx',
  './DownloadLink': './src/routes/DownloadLink.tsx',
  './DownloadError': './src/routes/DownloadError.tsx',
};

const configs = appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, exposes });
// PDF.js's worker (the editor's first-tile preview, features/publish/drawPdfPage.ts) is emitted under
// a name with its content hash, like the chunks, so the page server lets browsers keep it (cacheControl).
for (const config of [configs].flat() as { module: { rules: unknown[] } }[]) {
  config.module.rules.push({ test: /pdf\.worker\.min\.mjs$/, type: 'asset/resource', generator: { filename: 'pdf.worker.[contenthash:8].mjs' } });
}
export default configs;
