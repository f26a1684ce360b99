import { describe, expect, it } from 'vitest';
import { cx, describedBy } from '../src/ui/classNames.ts';
import { shouldFocusHeading } from '../src/ui/focus.ts';
import { formatBytes, progressPercent } from '../src/ui/progress.ts';
import { alertRole } from '../src/ui/Alert.tsx';
import { BRAND_NAME, pageTitle } from '../src/brand.ts';

describe('cx and describedBy', () => {
  it('joins only real class names', () => {
    expect(cx('a', false, undefined, null, '', 'b')).toBe('a b');
    expect(cx()).toBe('');
  });

  it('lists hint before error and drops the attribute when empty', () => {
    expect(describedBy('email-hint', 'email-error')).toBe('email-hint email-error');
    expect(describedBy(undefined, 'email-error')).toBe('email-error');
    expect(describedBy(undefined, false)).toBeUndefined();
  });
});

describe('progressPercent', () => {
  it('gives whole, clamped percentages', () => {
    expect(progressPercent(0, 10)).toBe(0);
    expect(progressPercent(3, 10)).toBe(30);
    expect(progressPercent(2, 3)).toBe(66);
    expect(progressPercent(12, 10)).toBe(100);
    expect(progressPercent(-1, 10)).toBe(0);
  });

  it('reports an unknown total as indeterminate', () => {
    expect(progressPercent(5, 0)).toBeNull();
    expect(progressPercent(Number.NaN, 10)).toBeNull();
    expect(progressPercent(1, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('formats byte counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(3_200_000)).toBe('3.2 MB');
    expect(formatBytes(1_500_000_000)).toBe('1.5 GB');
    expect(formatBytes(-1)).toBe('–');
  });
});

describe('focus and announcements', () => {
  it('moves focus to the heading only after client-side navigation', () => {
    expect(shouldFocusHeading('default')).toBe(false);
    expect(shouldFocusHeading(undefined)).toBe(false);
    expect(shouldFocusHeading('k3j2h1')).toBe(true);
  });

  it('makes only errors assertive', () => {
    expect(alertRole('danger')).toBe('alert');
    expect(alertRole('info')).toBe('status');
    expect(alertRole('success')).toBe('status');
    expect(alertRole('warning')).toBe('status');
  });

  it('titles pages with the brand', () => {
    expect(pageTitle('Pricing')).toBe(`Pricing · ${BRAND_NAME}`);
    expect(pageTitle('  ')).toMatch(new RegExp(`^${BRAND_NAME} · `));
  });
});
