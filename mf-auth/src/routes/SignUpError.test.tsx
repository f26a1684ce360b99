import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import '../messages.ts';
import SignUpError, { signUpErrorReason } from './SignUpError.tsx';

describe('/sign-up/error', () => {
  it('turns the reason code into words, never echoing unknown input', () => {
    expect(signUpErrorReason('signup_disabled')).toBe('New sign-ups are closed at the moment.');
    expect(signUpErrorReason('<script>alert(1)</script>')).toMatch(/^Something went wrong on our side/);
    expect(signUpErrorReason(null)).toMatch(/^Something went wrong on our side/);
  });

  it('shows the reason and the way back to the form', () => {
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={['/sign-up/error?reason=over_email_send_rate_limit']}>
          <SignUpError />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(html).toContain('We sent you an email very recently');
    expect(html).toContain('href="/sign-up"');
    expect(html).toContain('role="alert"');
  });
});
