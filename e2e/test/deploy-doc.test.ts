import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from '../../shared/src/configSchema.ts';
import APPS from '../../shared/src/apps.json' with { type: 'json' };
import { root } from '../src/harness.ts';

// docs/deploy.md stays true: its runnable commands run here, its JSON files parse with the
// schemas the shell reads, and its secret names, webhook events and function list match the
// code. Commands that need a hosted Supabase project are listed as skipped, with the reason.
const doc = readFileSync(join(root, 'docs', 'deploy.md'), 'utf8');
const run = promisify(execFile);
// The shell's own remotes.json schema (a computed path: the shell's sources type-check with its rspack types, not here).
const { parseRemoteMap } = (await import(/* @vite-ignore */ join(root, 'shell', 'src', 'federation', 'remoteMap.ts'))) as {
  parseRemoteMap(value: unknown): Record<string, string>;
};

interface Block {
  kind: string;
  arg: string;
  lang: string;
  body: string;
}
const blocks: Block[] = [...doc.matchAll(/<!-- doc-test: (\w+)(?: ([^\s]+))? -->\n```(\w+)\n([\s\S]*?)\n```/g)].map((m) => ({
  kind: m[1]!,
  arg: m[2] ?? '',
  lang: m[3]!,
  body: m[4]!,
}));
const commands = (kind: string) =>
  blocks.filter((b) => b.kind === kind).flatMap((b) => b.body.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')));

const releases = mkdtempSync(join(tmpdir(), 'stitchhouse-doc-releases-'));
afterAll(() => rmSync(releases, { recursive: true, force: true }));

describe('docs/deploy.md', () => {
  it('marks its blocks: commands to run here, commands for a hosted project, files to check', () => {
    expect(commands('run').length).toBeGreaterThanOrEqual(3);
    expect(commands('hosted').some((c) => c.includes('supabase db push'))).toBe(true);
    expect(commands('hosted').some((c) => c.includes('supabase functions deploy'))).toBe(true);
    expect(commands('hosted').some((c) => c.includes('supabase link'))).toBe(true);
    expect(
      blocks
        .filter((b) => b.kind === 'file')
        .map((b) => b.arg)
        .sort(),
    ).toEqual(['env.json', 'remotes.json']);
  });

  // Each runnable command, from the repository root (releases go to a temporary folder).
  for (const command of commands('run')) {
    it(`runs: ${command}`, { timeout: 600_000 }, async () => {
      await run('bash', ['-euo', 'pipefail', '-c', command], {
        cwd: root,
        env: { ...process.env, RELEASES_DIR: releases, NODE_OPTIONS: '--no-deprecation' },
        maxBuffer: 16 * 1024 * 1024,
      });
      const app = /scripts\/release\.mjs (\S+)/.exec(command)?.[1];
      if (app) {
        const versions = readdirSync(join(releases, app), { withFileTypes: true }).filter((e) => e.isDirectory());
        expect(versions.length).toBeGreaterThan(0);
        expect(existsSync(join(releases, app, versions[0]!.name, '_headers'))).toBe(true);
      }
    });
  }

  // The supabase CLI fetches its Go binary from GitHub on install, which this machine cannot
  // reach; and these commands need a hosted project's credentials. Not faked: listed here.
  for (const command of commands('hosted')) it.skip(`needs a hosted Supabase project and the supabase/stripe CLI: ${command}`, () => {});

  it('its env.json and remotes.json are what the shell accepts', () => {
    const file = (name: string) => JSON.parse(blocks.find((b) => b.kind === 'file' && b.arg === name)!.body) as unknown;
    expect(parseRuntimeConfig(file('env.json')).supabaseUrl).toMatch(/^https:\/\//);
    const remotes = parseRemoteMap(file('remotes.json'));
    expect(Object.keys(remotes).sort()).toEqual(
      APPS.filter((a) => a.name !== 'shell')
        .map((a) => a.name)
        .sort(),
    );
  });

  it('sets exactly the secrets the functions read (besides those hosted Supabase provides and the sandbox-only one)', () => {
    const read = new Set<string>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) {
          for (const m of readFileSync(path, 'utf8').matchAll(/\b(?:requireEnv|env)\('([A-Z0-9_]+)'\)/g)) read.add(m[1]!);
        }
      }
    };
    walk(join(root, 'supabase', 'functions'));
    const provided = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY'];
    const sandboxOnly = ['STRIPE_API_URL'];
    const set = commands('hosted').flatMap((c) => [...(/secrets set ([A-Z0-9_]+)=/.exec(c)?.slice(1) ?? [])]);
    expect(set.sort()).toEqual([...read].filter((n) => !provided.includes(n) && !sandboxOnly.includes(n)).sort());
    for (const name of [...provided, ...sandboxOnly]) expect(doc).toContain(`\`${name}\``);
  });

  it('subscribes the Stripe endpoint to exactly the events stripe-webhook handles', () => {
    const source = readFileSync(join(root, 'supabase', 'functions', 'stripe-webhook', 'index.ts'), 'utf8');
    const handled = [...source.matchAll(/case '([a-z_.]+)':/g)].map((m) => m[1]!);
    const listed = /--enabled-events (\S+)/.exec(commands('hosted').join('\n'))?.[1]?.split(',') ?? [];
    expect(listed.sort()).toEqual([...new Set(handled)].sort());
    expect(doc).toContain('/functions/v1/stripe-webhook');
  });

  it('names every function `supabase functions deploy` deploys', () => {
    const functions = readdirSync(join(root, 'supabase', 'functions'), { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('_') && existsSync(join(root, 'supabase', 'functions', e.name, 'index.ts')))
      .map((e) => e.name);
    const named =
      /deploys every function under `supabase\/functions`:\n([\s\S]*?)\./
        .exec(doc)?.[1]
        ?.split(/,\s*/)
        .map((s) => s.trim()) ?? [];
    expect(named.sort()).toEqual(functions.sort());
  });

  it('quotes the load figures recorded in bench/results', () => {
    const recorded = (db: string) =>
      Object.fromEntries(
        (
          JSON.parse(readFileSync(join(root, 'bench', 'results', `load-${db}.json`), 'utf8')) as { results: { scenario: string; reqPerS: number }[] }
        ).results.map((r) => [r.scenario, r.reqPerS]),
      );
    const [pglite, postgres] = [recorded('pglite'), recorded('postgres')];
    const rows = { browse: 'browse (catalog listing)', search: 'search', signin: 'sign-in', download: 'download (stamped PDF)' };
    for (const [scenario, label] of Object.entries(rows)) {
      const row = new RegExp(`^\\| ${label.replace(/[()]/g, '\\$&')} \\| ([\\d.]+) req/s[^|]*\\| ([\\d.]+) req/s`, 'm').exec(doc);
      expect(row, label).not.toBeNull();
      expect([Number(row![1]), Number(row![2])], label).toEqual([pglite[scenario], postgres[scenario]]);
    }
  });
});
