// shared's words and formats in the page's language: English exactly as before, and a
// German page gets German error wording, zod messages, labels, route titles, money and dates.
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../src/i18n/index.ts';
import { loadServerWords } from '../src/server/words.ts';
import { describeError, serverMessage } from '../src/errors.ts';
import { signInSchema, newPasswordSchema, passwordRules, STRENGTH_LABELS } from '../src/auth/index.ts';
import { formatDay, formatMoney, formatPrice, formatCount } from '../src/money.ts';
import { categoryLabel, craftLabel, difficultyLabel } from '../src/catalog/labels.ts';
import { ROUTES, FRONT_END_APPS } from '../src/routes.ts';
import { appLabel, routeTitle } from '../src/routeTitles.ts';
import { readSalesCsv } from '../src/pos/csv.ts';
import { REASONS, csvSaleRowSchema, judgeLines, sayReasons } from '../src/pos/sales.ts';
import { partnerApplicationSchema } from '../src/partners/applications.ts';
import { messageBody } from '../src/contracts/designer-message.ts';
import { EXPORT_README, ExportFailure, startExport } from '../src/account/exportArchive.ts';

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

  it('says the point of sale’s, the partner application’s, the message box’s and the export’s words in German (the API’s English unchanged)', async () => {
    await activateLocale('en');
    const english = judgeLines([{ external_id: 'r-1', pattern_id: 'x', quantity: '0', unit_price: '1', sold_at: '2026-11-20' }], csvSaleRowSchema, new Map());
    expect(english[0]).toMatchObject({ status: 'rejected', reason: `${REASONS.pattern_id}; ${REASONS.quantity}` });
    expect(readSalesCsv('a,b\n1,2\n').problem).toBe('The first row must name the columns; missing: external_id, pattern_id, quantity, unit_price, sold_at.');

    await activateLocale('de');
    expect(readSalesCsv('a,b\n1,2\n').problem).toBe(
      'Die erste Zeile muss die Spalten benennen; es fehlen: external_id, pattern_id, quantity, unit_price, sold_at.',
    );
    const header = 'external_id,pattern_id,quantity,unit_price,sold_at\n';
    expect(readSalesCsv(header).problem).toBe('Die Datei hat eine Kopfzeile, aber keine Verkäufe.');
    expect(readSalesCsv(header + 'r,p,1,1,2026-11-20\n'.repeat(5001)).problem).toBe('Die Datei enthält 5.001 Verkäufe; lade höchstens 5.000 auf einmal hoch.');
    const german = judgeLines([{ external_id: 'r-1', pattern_id: 'x', quantity: '0', unit_price: '1', sold_at: '2026-11-20' }], csvSaleRowSchema, new Map());
    expect(german[0]).toMatchObject({
      status: 'rejected',
      reason: 'pattern_id muss eine Schnittmuster-ID aus deinem Katalog-Feed sein; quantity muss eine ganze Zahl von 1 bis 10.000 sein',
    });
    // what the import function answered (the API's English) as the page shows it
    expect(sayReasons(`${REASONS.unknown_pattern}; ${REASONS.repeated}`)).toBe(
      'Kein Schnittmuster hat diese ID; Diese external_id kommt in diesem Upload mehr als einmal vor',
    );

    const application = partnerApplicationSchema.safeParse({ company: 'x', website: 'nope', audience: 'kurz', country: '', message: '' });
    expect(application.error?.issues.map((i) => i.message)).toEqual([
      'Gib den Namen deiner Firma oder deinen Handelsnamen ein (mindestens 2 Zeichen).',
      'Gib die Adresse deiner Website ein, beginnend mit https://',
      'Beschreibe dein Publikum in mindestens 10 Zeichen: wer es ist und ungefähr wie viele.',
      'Wähle das Land, von dem aus du arbeitest.',
    ]);
    expect(messageBody.safeParse('  ').error?.issues[0]?.message).toBe('Schreib zuerst eine Nachricht');
    expect(messageBody.safeParse('x'.repeat(4001)).error?.issues[0]?.message).toBe('Eine Nachricht darf höchstens 4000 Zeichen lang sein');

    expect(EXPORT_README('2026-12-02T09:00:00Z')).toMatch(
      /^Dein Stitchhouse-Konto, exportiert am 2026-12-02T09:00:00Z\.\n\nstitchhouse-account\.json: dein Profil/,
    );
    // the refusal came over the page's fetch, which loads the server's words with it (server/refusals.ts)
    await loadServerWords();
    const refused = { code: 'not_signed_in', message: 'Sign in to export your account.', status: 401, details: null };
    const stopped = await startExport({ exportCall: () => Promise.reject(refused), download: () => Promise.reject(refused) }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExportFailure);
    expect((stopped as ExportFailure).message).toBe('Melde dich an, um dein Konto zu exportieren.');
    await activateLocale('en');
  });
});
