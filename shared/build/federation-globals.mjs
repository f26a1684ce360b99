// @ts-check
// The federation packages a remote's remoteEntry.js takes from the shell instead of bundling
// them (rspack `externals` in app-config.mjs; the shell sets the globals in
// shell/src/federation/runtime.ts before any remote loads). With `externalRuntime` the remote
// already takes the runtime core from the shell; these are the rest of its container glue.
export const FEDERATION_GLOBALS = /** @type {const} */ ({
  '@module-federation/runtime': '_STITCHHOUSE_FEDERATION_RUNTIME',
  '@module-federation/runtime/helpers': '_STITCHHOUSE_FEDERATION_RUNTIME_HELPERS',
  '@module-federation/sdk': '_STITCHHOUSE_FEDERATION_SDK',
  '@module-federation/error-codes': '_STITCHHOUSE_FEDERATION_ERROR_CODES',
});
