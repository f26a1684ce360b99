import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';

/** One exposed module per screen; the route contract (shared/src/routes.ts) names them. */
export const exposes = {
  './Partners': './src/routes/Partners.tsx',
  './Resellers': './src/routes/Resellers.tsx',
  './Suppliers': './src/routes/Suppliers.tsx',
  './Reports': './src/routes/Reports.tsx',
  './Report': './src/routes/Report.tsx',
  './PointOfSale': './src/routes/PointOfSale.tsx',
};

export default appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, exposes });
