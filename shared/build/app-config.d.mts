export interface AppConfigOptions {
  rspack: unknown;
  ModuleFederationPlugin: unknown;
  dir: string;
  /** Default: the entry of shared/src/apps.json whose folder is `dir`. */
  name?: string;
  port?: number;
  exposes?: Record<string, string>;
  target?: 'federated' | 'standalone';
}
export const BROWSER_TARGETS: string[];
export function sharedModules(dir: string): Record<string, { singleton: boolean; requiredVersion: string | false; version?: string }>;
export function sharedVersions(dir: string): Record<string, { version: string; singleton: true }>;
export function reactRouterImports(srcDir: string, module?: string): Map<string, string>;
export function assertReactRouterSurface(dir: string): void;
export function assertReactQuerySurface(dir: string): void;
export function appConfig(options: AppConfigOptions): Record<string, unknown> | Record<string, unknown>[];
