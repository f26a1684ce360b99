import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';

/** One exposed module per screen; the route contract (shared/src/routes.ts) names them. */
export const exposes = {
  './AccountOverview': './src/routes/AccountOverview.tsx',
  './AccountStore': './src/routes/AccountStore.tsx',
  './AccountUser': './src/routes/AccountUser.tsx',
  './AccountWholesale': './src/routes/AccountWholesale.tsx',
  './AccountMessages': './src/routes/AccountMessages.tsx',
  './AccountThread': './src/routes/AccountThread.tsx',
};

export default appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, exposes });
