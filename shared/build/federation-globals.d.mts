export declare const FEDERATION_GLOBALS: {
  readonly '@module-federation/runtime': '_STITCHHOUSE_FEDERATION_RUNTIME';
  readonly '@module-federation/runtime/helpers': '_STITCHHOUSE_FEDERATION_RUNTIME_HELPERS';
  readonly '@module-federation/sdk': '_STITCHHOUSE_FEDERATION_SDK';
  readonly '@module-federation/error-codes': '_STITCHHOUSE_FEDERATION_ERROR_CODES';
};
