import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './harness.ts';

/**
 * A throw-away copy of one app (sources only; node_modules linked to the real one),
 * so tests can change and rebuild a remote without touching the repository.
 */
export interface AppCopy {
  dir: string;
  dist: string;
  write(relativePath: string, content: string): void;
  build(): void;
  remove(): void;
}

export function copyApp(folder: string): AppCopy {
  const source = join(root, folder);
  // The copy keeps the app's folder name: app-config finds the app in shared/src/apps.json by it.
  const parent = mkdtempSync(join(tmpdir(), `stitchhouse-${folder}-`));
  const dir = join(parent, folder);
  mkdirSync(dir);
  for (const entry of ['src', 'index.html', 'rspack.config.ts', 'package.json', 'tsconfig.json']) {
    cpSync(join(source, entry), join(dir, entry), { recursive: true });
  }
  symlinkSync(join(source, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return {
    dir,
    dist: join(dir, 'dist'),
    write(relativePath, content) {
      writeFileSync(join(dir, relativePath), content);
    },
    build() {
      execFileSync(join(source, 'node_modules', '.bin', 'rspack'), ['build'], {
        cwd: dir,
        stdio: 'pipe',
        env: { ...process.env, NODE_OPTIONS: '--no-deprecation' },
      });
    },
    remove() {
      rmSync(parent, { recursive: true, force: true });
    },
  };
}
