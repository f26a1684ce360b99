import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as LinguiCore from '@lingui/core';
import * as LinguiReact from '@lingui/react';
import { platformShareKey } from './providedKey.ts';

declare const __STITCHHOUSE_SHARED__: Record<string, { version: string; singleton: true }>;

/** What the runtime's `init({ shared })` takes for one provided module. */
export interface ProvidedModule {
  version: string;
  scope: string[];
  shareConfig: { singleton: true; requiredVersion: false; eager: false };
  get: () => Promise<() => unknown>;
}

// Every source file of the platform package, each its own lazy chunk: a remote asking
// for '@stitchhouse/shared/ui/index.ts' gets the very module the shell uses.
const platformFiles = import.meta.webpackContext('../../../shared/src', {
  recursive: true,
  regExp: /^\.\/(?!testing\/)(?!.*\.test\.tsx?$).*\.tsx?$/, // tests and test helpers are not platform code
  mode: 'lazy',
});

const loaded = (module: unknown) => () => Promise.resolve(() => module);
const lazily = (load: () => Promise<unknown>) => () => load().then((module) => () => module);

/**
 * The page's singletons, as the shell loaded them. Remotes are built with these
 * as shared singletons (shared/build/app-config.mjs, 'loaded-first'), so they use
 * these instead of their own copies. The versions come from the shell's build.
 */
export function providedModules(): Record<string, ProvidedModule> {
  const versions = __STITCHHOUSE_SHARED__;
  const provide = (key: string, get: () => Promise<() => unknown>): [string, ProvidedModule] => {
    const version = versions[key]?.version;
    if (!version) throw new Error(`no version known for shared module ${key}`);
    return [key, { version, scope: ['default'], shareConfig: { singleton: true, requiredVersion: false, eager: false }, get }];
  };
  const platformVersion = versions['@stitchhouse/shared']!.version;
  const platform = platformFiles.keys().map((file): [string, ProvidedModule] => {
    return [
      platformShareKey(file),
      {
        version: platformVersion,
        scope: ['default'],
        shareConfig: { singleton: true, requiredVersion: false, eager: false },
        get: lazily(() => platformFiles(file) as Promise<unknown>),
      },
    ];
  });
  return Object.fromEntries([
    provide('react', loaded(React)),
    provide('react/jsx-runtime', loaded(JsxRuntime)),
    provide('react-dom', loaded(ReactDOM)),
    provide('react-dom/client', loaded(ReactDOMClient)),
    provide(
      'react-router',
      lazily(() => import('./reactRouter.ts')),
    ),
    provide(
      '@supabase/supabase-js',
      lazily(() => import('@supabase/supabase-js')),
    ),
    // The shell's own copy, whose context QueryProvider fills (shared/src/query/client.ts): one cache.
    provide(
      '@tanstack/react-query',
      lazily(() => import('./reactQuery.ts')),
    ),
    // the shell's runtime, which holds every app's catalog, and the context its I18nProvider fills
    provide('@lingui/core', loaded(LinguiCore)),
    provide('@lingui/react', loaded(LinguiReact)),
    provide(
      'react-hook-form',
      lazily(() => import('react-hook-form')),
    ),
    ...platform,
  ]);
}
