import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';

/** One exposed module per screen; the route contract (shared/src/routes.ts) names them. */
export const exposes = {
  './SignIn': './src/routes/SignIn.tsx',
  './SignInThankYou': './src/routes/SignInThankYou.tsx',
  './SignInMagic': './src/routes/SignInMagic.tsx',
  './SignUp': './src/routes/SignUp.tsx',
  './SignUpError': './src/routes/SignUpError.tsx',
  './SignUpThankYou': './src/routes/SignUpThankYou.tsx',
  './ChangePassword': './src/routes/ChangePassword.tsx',
  './ResetPassword': './src/routes/ResetPassword.tsx',
  './ExpiredLink': './src/routes/ExpiredLink.tsx',
};

export default appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, exposes });
