import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readColourTokens } from '../src/ui/contrast.ts';

const tokens = readColourTokens(readFileSync(new URL('../src/ui/tokens.css', import.meta.url), 'utf8'));
const colour = (name: string): string => {
  const value = tokens.get(name);
  if (!value) throw new Error(`tokens.css has no ${name}`);
  return value;
};

// Every foreground/background pair the primitives and pages actually use for text.
const TEXT_PAIRS: Array<[string, string]> = [
  ['--color-text', '--color-bg'],
  ['--color-text', '--color-surface'],
  ['--color-text', '--color-surface-sunken'],
  ['--color-text-muted', '--color-bg'],
  ['--color-text-muted', '--color-surface'],
  ['--color-text-muted', '--color-surface-sunken'],
  ['--color-link', '--color-bg'],
  ['--color-link', '--color-surface'],
  ['--color-primary', '--color-surface'],
  ['--color-primary', '--color-primary-soft'],
  ['--color-primary-hover', '--color-bg'],
  ['--color-on-primary', '--color-primary'],
  ['--color-on-primary', '--color-primary-hover'],
  ['--color-on-accent', '--color-accent'],
  ['--color-accent', '--color-accent-soft'],
  ['--color-accent', '--color-surface'],
  ['--color-info-text', '--color-info-bg'],
  ['--color-success-text', '--color-success-bg'],
  ['--color-warning-text', '--color-warning-bg'],
  ['--color-danger-text', '--color-danger-bg'],
  ['--color-danger-text', '--color-surface'],
  ['--color-text', '--color-skeleton'],
];

// Non-text UI (focus ring, input borders) needs 3:1 against what surrounds it.
const UI_PAIRS: Array<[string, string]> = [
  ['--color-focus', '--color-bg'],
  ['--color-focus', '--color-surface'],
  ['--color-border-strong', '--color-surface'],
  ['--color-border-strong', '--color-bg'],
];

describe('colour tokens', () => {
  it.each(TEXT_PAIRS)('%s on %s reaches 4.5:1', (fg, bg) => {
    expect(contrastRatio(colour(fg), colour(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it.each(UI_PAIRS)('%s against %s reaches 3:1', (fg, bg) => {
    expect(contrastRatio(colour(fg), colour(bg))).toBeGreaterThanOrEqual(3);
  });
});

describe('contrastRatio', () => {
  it('matches the WCAG reference values', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
  });

  it('refuses what is not a hex colour', () => {
    expect(() => parseHex('red')).toThrow(/Not a hex colour/);
    expect(parseHex('#0af')).toEqual([0, 170, 255]);
  });
});
