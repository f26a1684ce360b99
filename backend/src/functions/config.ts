// Per-function settings from supabase/config.toml ([functions.<name>] verify_jwt = false),
// the same file the Supabase CLI reads when deploying. Re-read when the file changes.
import { readFile, stat } from 'node:fs/promises';
import { parse } from 'smol-toml';

export interface FunctionSettings {
  verifyJwt: boolean;
}

export class FunctionsConfig {
  private cached: { mtimeMs: number; settings: Map<string, FunctionSettings> } | undefined;

  constructor(readonly path: string) {}

  async settingsFor(name: string): Promise<FunctionSettings> {
    const settings = await this.load();
    return settings.get(name) ?? { verifyJwt: true };
  }

  private async load(): Promise<Map<string, FunctionSettings>> {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(this.path)).mtimeMs;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
      throw err;
    }
    if (this.cached?.mtimeMs === mtimeMs) return this.cached.settings;
    const settings = parseFunctionSettings(await readFile(this.path, 'utf8'), this.path);
    this.cached = { mtimeMs, settings };
    return settings;
  }
}

export function parseFunctionSettings(toml: string, source = 'config.toml'): Map<string, FunctionSettings> {
  let doc: Record<string, unknown>;
  try {
    doc = parse(toml) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${source} is not valid TOML: ${(err as Error).message}`, { cause: err });
  }
  const settings = new Map<string, FunctionSettings>();
  const functions = doc.functions;
  if (functions === undefined) return settings;
  if (typeof functions !== 'object' || functions === null) throw new Error(`${source}: [functions] must be a table`);
  for (const [name, entry] of Object.entries(functions)) {
    if (typeof entry !== 'object' || entry === null) throw new Error(`${source}: [functions.${name}] must be a table`);
    const verify = (entry as Record<string, unknown>).verify_jwt;
    if (verify !== undefined && typeof verify !== 'boolean') {
      throw new Error(`${source}: functions.${name}.verify_jwt must be true or false`);
    }
    settings.set(name, { verifyJwt: verify ?? true });
  }
  return settings;
}
