export interface RouteEntry {
  path: string;
  owner: string;
  module: string;
}
export function remoteMapOrNull(text: string): Record<string, string> | null;
export function inlineJson(id: string, json: unknown): string;
export function preloadTag(href: string, options?: { crossorigin?: boolean }): string;
export function imagePreloadTag(image: { src: string; srcSet?: string; sizes?: string }): string;
export function matchRoute<R extends { path: string }>(routes: readonly R[], pathname: string): R | null;
export function createShellPage(options: {
  shellDir: string;
  remotesJson: () => string;
  envJson: () => string;
  preconnect?: string[];
  fetchImpl?: typeof fetch;
}): (pathname: string, search?: string, request?: { acceptLanguage?: string }) => Promise<string | null>;
