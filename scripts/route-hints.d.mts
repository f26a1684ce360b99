export interface RouteEntry {
  path: string;
  owner: string;
  module: string;
}
export function remoteMapOrNull(text: string): Record<string, string> | null;
export function inlineJson(id: string, json: unknown, type?: 'application/json' | 'application/ld+json'): string;
/** An attribute value (or text) with `&`, `"`, `<` and `>` escaped. */
export function escapeHtmlAttr(value: unknown): string;
export function preloadTag(href: string, options?: { crossorigin?: boolean; priority?: 'low' | 'high' }): string;
export function imagePreloadTag(image: { src: string; srcSet?: string; sizes?: string }, slot?: string): string;
/** The route a path opens, with its `:param` values. */
export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): (R & { params: Record<string, string> }) | null;
export function createShellPage(options: {
  shellDir: string;
  remotesJson: () => string;
  envJson: () => string;
  preconnect?: string[];
  fetchImpl?: typeof fetch;
}): ShellPage;
export interface ShellPage {
  /** The whole page, or null without a build. */
  (pathname: string, search?: string, request?: { acceptLanguage?: string; locale?: string }): Promise<string | null>;
  /** The page as the part needing no lookup and the rest (a promise that never rejects when something is asked). */
  parts(
    pathname: string,
    search?: string,
    request?: { acceptLanguage?: string; locale?: string; pageHead?: (html: string) => string },
  ): { head: string; rest: string | Promise<string> } | null;
}
