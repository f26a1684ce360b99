import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import SignUpError, { signUpErrorReason } from './SignUpError.tsx';

describe('/sign-up/error', () => {
  it('turns the reason code into words, never echoing unknown input', () => {
    expect(signUpErrorReason('signup_disabled')).toBe('New sign-ups are closed at the moment.');
    expect(signUpErrorReason('<script>alert(1)</script>')).toMatch(/^Something went wrong on our side/);
    expect(signUpErrorReason(null)).toMatch(/^Something went wrong on our side/);
  });

  it('shows the reason and the way back to the form', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/sign-up/error?reason=over_email_send_rate_limit']}>
        <SignUpError />
      </MemoryRouter>,
    );
    expect(html).toContain('We sent you an email very recently');
    expect(html).toContain('href="/sign-up"');
    expect(html).toContain('role="alert"');
  });
});
