import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadCommonPasswords } from '@stitchhouse/shared/auth/index.ts';
import { PasswordStrength } from './PasswordStrength.tsx';

describe('PasswordStrength', () => {
  it('lists every rule with its state, for sight and for screen readers', () => {
    const html = renderToString(<PasswordStrength id="s" password="abc" />);
    expect(html).toContain('data-strength="0"');
    expect(html).toMatch(/data-rule="length" data-met="false"/);
    expect(html).toMatch(/data-rule="letter" data-met="true"/);
    expect(html).toMatch(/data-rule="digit" data-met="false"/);
    expect(html).toContain('(not yet)');
    expect(html).toContain('aria-live="polite"');
  });

  it('calls a long varied password strong and ticks every rule', () => {
    const html = renderToString(<PasswordStrength id="s" password="Tailor-42 bias cut" />);
    expect(html).toContain('data-strength="4"');
    expect(html).not.toContain('data-met="false"');
    expect(html).toContain('Strong');
  });

  it('flags a commonly used password once the list has loaded', async () => {
    await loadCommonPasswords();
    const html = renderToString(<PasswordStrength id="s" password="password1" />);
    expect(html).toMatch(/data-rule="common" data-met="false"/);
    expect(html).toContain('Not a commonly used password');
    expect(html).toContain('Weak');
  });

  it('says nothing is set for an empty field', () => {
    expect(renderToString(<PasswordStrength id="s" password="" />)).toContain('not set yet');
  });
});
