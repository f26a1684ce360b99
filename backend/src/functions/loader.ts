// Finds and imports supabase/functions/<name>/index.ts once (the backend runs under tsx,
// so the TypeScript source imports directly) and hands back its default-export handler.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type FunctionHandler = (req: Request) => Response | Promise<Response>;

// Folders starting with "_" (like _shared) hold helpers, not functions.
const functionName = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

export class FunctionLoader {
  private readonly handlers = new Map<string, Promise<FunctionHandler>>();

  constructor(readonly functionsDir: string) {}

  /** The handler, or undefined when no such function exists. Import failures throw (and are retried next time). */
  async load(name: string): Promise<FunctionHandler | undefined> {
    if (!functionName.test(name)) return undefined;
    const cached = this.handlers.get(name);
    if (cached) return cached;
    const file = path.join(this.functionsDir, name, 'index.ts');
    try {
      if (!(await stat(file)).isFile()) return undefined;
    } catch {
      return undefined;
    }
    const loading = import(pathToFileURL(file).href).then((mod: { default?: unknown }) => {
      if (typeof mod.default !== 'function') {
        throw new Error(`supabase/functions/${name}/index.ts must export default a handler(req: Request): Promise<Response>`);
      }
      return mod.default as FunctionHandler;
    });
    this.handlers.set(name, loading);
    loading.catch(() => this.handlers.delete(name));
    return loading;
  }
}
