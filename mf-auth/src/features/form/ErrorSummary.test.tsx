import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ErrorSummary } from './ErrorSummary.tsx';

describe('ErrorSummary', () => {
  it('renders nothing while there is no problem', () => {
    expect(renderToString(<ErrorSummary items={[]} attempt={1} />)).toBe('');
  });

  it('is an alert that can take focus, linking each problem to its field', () => {
    const html = renderToString(
      <ErrorSummary items={[{ fieldId: 'sign-in-email', message: 'Enter your email address.' }, { message: 'We could not reach Stitchhouse.' }]} attempt={1} />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain('tabindex="-1"');
    expect(html).toContain('href="#sign-in-email"');
    expect(html).toContain('We could not reach Stitchhouse.');
  });
});
