export interface AppConfigOptions {
  rspack: unknown;
  ModuleFederationPlugin: unknown;
  dir: string;
  name: string;
  port: number;
  exposes?: Record<string, string>;
  target?: 'federated' | 'standalone';
}
export function sharedModules(dir: string): Record<string, { singleton: boolean; requiredVersion: string | false; version?: string }>;
export function appConfig(options: AppConfigOptions): Record<string, unknown>;
