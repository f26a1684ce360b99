/** The message catalogs (lingui.config.js): id prefix and source folder of each. */
export const CATALOGS: ReadonlyArray<{ prefix: string; dir: string; sources?: string | string[]; exclude?: string[] }>;
export const SHELL_PAGES: readonly string[];
export const SHELL_PAGE_FEATURES: Readonly<Record<string, readonly string[]>>;
declare const config: { locales: string[]; sourceLocale: string };
export default config;
