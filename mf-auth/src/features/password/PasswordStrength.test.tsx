import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadCommonPasswords } from '@stitchhouse/shared/auth/index.ts';
import { QueryProvider, createQueryClient } from '@stitchhouse/shared/query/client.ts';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import '../../messages.ts';
import { PasswordStrength } from './PasswordStrength.tsx';

/** The checklist as a screen renders it: inside the page's query cache (a fresh one per render). */
const render = (password: string) =>
  renderToString(
    <I18nProvider i18n={i18n}>
      <QueryProvider client={createQueryClient()}>
        <PasswordStrength id="s" password={password} />
      </QueryProvider>
    </I18nProvider>,
  );

describe('PasswordStrength', () => {
  it('lists every rule with its state, for sight and for screen readers', () => {
    const html = render('abc');
    expect(html).toContain('data-strength="0"');
    expect(html).toMatch(/data-rule="length" data-met="false"/);
    expect(html).toMatch(/data-rule="letter" data-met="true"/);
    expect(html).toMatch(/data-rule="digit" data-met="false"/);
    expect(html).toContain('(not yet)');
    expect(html).toContain('aria-live="polite"');
  });

  it('calls a long varied password strong and ticks every rule', () => {
    const html = render('Tailor-42 bias cut');
    expect(html).toContain('data-strength="4"');
    expect(html).not.toContain('data-met="false"');
    expect(html).toContain('Strong');
  });

  it('flags a commonly used password once the list has loaded', async () => {
    await loadCommonPasswords();
    const html = render('password1');
    expect(html).toMatch(/data-rule="common" data-met="false"/);
    expect(html).toContain('Not a commonly used password');
    expect(html).toContain('Weak');
  });

  it('says nothing is set for an empty field', () => {
    expect(render('')).toContain('not set yet');
  });
});
