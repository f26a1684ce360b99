import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';

/** One exposed module per screen; the route contract (shared/src/routes.ts) names them. */
export const exposes = {
  './PaymentHub': './src/routes/PaymentHub.tsx',
  './PaymentReceive': './src/routes/PaymentReceive.tsx',
  './PaymentSend': './src/routes/PaymentSend.tsx',
  './PaymentSubscription': './src/routes/PaymentSubscription.tsx',
  './PaymentError': './src/routes/PaymentError.tsx',
  './PaymentRefresh': './src/routes/PaymentRefresh.tsx',
  './PaymentSuccess': './src/routes/PaymentSuccess.tsx',
};

export default appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, exposes });
