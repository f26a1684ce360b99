// shared's words and formats in the page's language (issue 36): English exactly as before, and a
// German page gets German error wording, zod messages, labels, route titles, money and dates.
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../src/i18n/index.ts';
import { describeError, serverMessage } from '../src/errors.ts';
import { signInSchema, newPasswordSchema, passwordRules, STRENGTH_LABELS } from '../src/auth/index.ts';
import { formatDay, formatMoney, formatPrice, formatCount } from '../src/money.ts';
import { categoryLabel, craftLabel, difficultyLabel } from '../src/catalog/labels.ts';
import { ROUTES, FRONT_END_APPS } from '../src/routes.ts';
import { appLabel, routeTitle } from '../src/routeTitles.ts';

afterAll(() => activateLocale('en'));

describe('shared in English and German', () => {
  it('keeps every route title and app label of the contract in English', () => {
    for (const route of ROUTES) expect(routeTitle(route), route.path).toBe(route.title);
    for (const app of FRONT_END_APPS) expect(appLabel(app), app.name).toBe(app.label);
    expect(formatPrice(0, 'EUR')).toBe('Free');
    expect(formatMoney(123456, 'EUR')).toBe('€1,234.56');
    expect(formatDay('2026-01-03')).toBe('3 Jan 2026');
  });

  it('speaks German once the page is in German, at the moment of the call', async () => {
    await activateLocale('de');
    expect(routeTitle(ROUTES.find((r) => r.path === '/sign-in')!)).toBe('Anmelden');
    for (const route of ROUTES) expect(routeTitle(route), route.path).not.toMatch(/^shared\./);
    expect(describeError({ code: 'PGRST301', message: 'JWT expired' }).message).toBe('Deine Sitzung ist abgelaufen. Bitte melde dich erneut an.');
    expect(describeError({ __isAuthError: true, name: 'AuthApiError', code: 'invalid_credentials', status: 400 }).message).toBe(
      'Diese E-Mail-Adresse und dieses Passwort passen zu keinem Konto.',
    );
    expect(serverMessage({ code: 'P0001', message: 'Der Shop-Name ist vergeben', hint: 'Wähle einen anderen' }).message).toBe(
      'Der Shop-Name ist vergeben. Wähle einen anderen',
    );
    const parsed = signInSchema.safeParse({ email: '', password: '' });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['Gib deine E-Mail-Adresse ein.', 'Gib dein Passwort ein.']);
    expect(newPasswordSchema.safeParse('abc').error?.issues[0]?.message).toBe('Dein Passwort braucht mindestens 8 Zeichen und eine Zahl.');
    expect(passwordRules('')[0]?.label).toBe('Mindestens 8 Zeichen');
    expect(STRENGTH_LABELS[4]).toBe('Stark');
    expect(formatPrice(0, 'EUR')).toBe('Kostenlos');
    expect(formatMoney(123456, 'EUR').replace(/\s/g, ' ')).toBe('1.234,56 €');
    expect(formatCount(1204)).toBe('1.204');
    expect(formatDay('2026-01-03')).toBe('3. Jan. 2026');
    expect([craftLabel('sewing'), categoryLabel('dress'), categoryLabel('capes-and-cloaks'), difficultyLabel(1)]).toEqual([
      'Nähen',
      'Kleid',
      'Capes and cloaks',
      'Anfänger',
    ]);
    // a function answers in English where no runtime is loaded; an explicit locale still wins
    expect(formatMoney(1200, 'GBP', 'en')).toBe('£12.00');

    await activateLocale('en');
    expect(signInSchema.safeParse({ email: '', password: 'x' }).error?.issues[0]?.message).toBe('Enter your email address.');
    expect(formatPrice(1200, 'USD')).toBe('$12.00');
  });
});
