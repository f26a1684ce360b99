import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { appConfig } from '@stitchhouse/shared/build/app-config.mjs';

// The host knows no remote at build time: remotes.json, read at start, names them.
export default appConfig({ rspack, ModuleFederationPlugin, dir: import.meta.dirname, name: 'shell', port: 3000 });
