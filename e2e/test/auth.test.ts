import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EStack } from '../src/harness.ts';
import {
  PASSWORD,
  apiSignIn,
  authApi,
  createUser,
  emailCode,
  expectNoSeriousA11yIssues,
  expectHeading,
  heading,
  inbox,
  nextMail,
  signedInName,
  startAccessStack,
  uniqueEmail,
  verifyLink,
  type Backend,
} from './auth-support.ts';

// Access end to end: the mf-auth screens in the shell, against a fresh embedded backend
// whose emails are read from its inbox API. emailMinInterval 0 lets a test ask again at once.
let stack: E2EStack;
let backend: Backend;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ stack, backend } = await startAccessStack());
});

afterAll(async () => {
  await stack?.stop();
});

async function freshPage(): Promise<Page> {
  const { context, page } = await stack.newPage();
  contexts.push(context);
  return page;
}

async function open(page: Page, path: string): Promise<string> {
  await page.goto(stack.shellUrl + path);
  return heading(page);
}

async function focusedIs(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => !!document.activeElement?.matches(s), selector);
}

async function signInWithForm(page: Page, email: string, password: string) {
  await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.locator('main input[autocomplete$="password"]').first().fill(password);
  await page.locator('main input[autocomplete$="password"]').first().press('Enter');
}

async function waitSignedIn(page: Page): Promise<string> {
  await page.getByRole('button', { name: /Account menu for/ }).waitFor({ timeout: 30_000 });
  return signedInName(page);
}

describe('sign-up', () => {
  it('shows the rules as you type, announces and focuses errors, keeps what was typed', async () => {
    const page = await freshPage();
    await open(page, '/sign-up');
    await expectHeading(page, 'Create your account');
    await expectNoSeriousA11yIssues(page);

    await page.getByRole('button', { name: 'Create account' }).click();
    const summary = page.locator('[data-error-summary]');
    await summary.waitFor();
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await focusedIs(page, '[data-error-summary]')).toBe(true);
    expect(await summary.textContent()).toContain('Enter your email address.');
    expect(await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Your name').fill('Ada Thread');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');
    const password = page.locator('main input[autocomplete$="password"]').first();
    await password.fill('abc');
    const strength = page.locator('[data-strength]');
    expect(await strength.getAttribute('data-strength')).toBe('0');
    expect(await page.locator('[data-rule="length"]').getAttribute('data-met')).toBe('false');
    // The common-password list arrives lazily with this screen; password1 is on it.
    await password.fill('password1');
    await page.waitForSelector('[data-rule="common"][data-met="false"]');
    expect(await strength.getAttribute('data-strength')).toBe('1');
    await password.fill('Tailor-42 bias cut');
    expect(await strength.getAttribute('data-strength')).toBe('4');
    expect(await page.locator('[data-rule][data-met="false"]').count()).toBe(0);
    expect(await password.getAttribute('aria-describedby')).toContain('sign-up-password-strength');

    // Still no intent chosen: only that is reported, and every field keeps its value.
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForFunction(() => document.querySelector('[data-error-summary]')?.textContent?.includes('what brings you') ?? false);
    expect(await page.locator('[data-error-summary] li').count()).toBe(1);
    expect(await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe('ada@example.com');
    expect(await password.inputValue()).toBe('Tailor-42 bias cut');
    await expectNoSeriousA11yIssues(page);
  });

  it('keyboard only: sign up, confirm from the email, land signed in on the welcome step', async () => {
    const page = await freshPage();
    const email = uniqueEmail('designer');
    await open(page, '/sign-up');
    await page.getByLabel('Your name').focus();
    await page.keyboard.type('Ada Thread');
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Tab'); // Show password
    await page.keyboard.press('Tab'); // the intent radio group
    await page.keyboard.press('ArrowDown'); // maker → designer
    expect(await page.getByLabel('I design patterns').isChecked()).toBe(true);
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // terms, privacy, submit
    expect(await focusedIs(page, 'button[type="submit"]')).toBe(true);
    await page.keyboard.press('Enter');

    await page.waitForURL(/\/sign-up\/thank-you$/);
    await expectHeading(page, 'Confirm your email');
    expect(await page.locator('main').textContent()).toContain(email);
    await expectNoSeriousA11yIssues(page);

    const mail = await nextMail(backend, email);
    expect(mail.subject).toMatch(/Confirm/);
    await page.goto(verifyLink(mail));
    await page.waitForURL(/\/sign-up\/thank-you\?link=signup/);
    await expectHeading(page, 'Welcome to Stitchhouse, Ada Thread');
    expect(await waitSignedIn(page)).toBe('Ada Thread');
    // Designers are sent on to open their store.
    expect(await page.getByRole('link', { name: 'Open your store' }).getAttribute('href')).toBe('/account/store');
    await expectNoSeriousA11yIssues(page);
  });

  it('an email already in use gets the same thank-you page (no account enumeration)', async () => {
    const email = uniqueEmail('taken');
    await createUser(backend, email);
    const page = await freshPage();
    await open(page, '/sign-up');
    await page.getByLabel('Your name').fill('Someone Else');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.locator('main input[autocomplete$="password"]').first().fill(PASSWORD);
    await page.getByLabel('I sew and make').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/sign-up\/thank-you$/);
    await expectHeading(page, 'Confirm your email');
    expect(await page.locator('[role="alert"]').count()).toBe(0);
  });
});

describe('sign-in with a password', () => {
  it('one generic message for a wrong password and for an unknown email, focused and announced', async () => {
    const email = uniqueEmail('wrong');
    await createUser(backend, email);
    const page = await freshPage();
    await open(page, '/sign-in');
    await expectHeading(page, 'Sign in');
    await expectNoSeriousA11yIssues(page);

    await signInWithForm(page, email, 'not-the-password-1');
    const summary = page.locator('[data-error-summary]');
    await summary.waitFor();
    const wrongPassword = await summary.textContent();
    expect(wrongPassword).toContain('That email and password do not match an account.');
    expect(await focusedIs(page, '[data-error-summary]')).toBe(true);
    expect(await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);
    expect(await page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).toBe(true);

    await signInWithForm(page, uniqueEmail('nobody'), 'not-the-password-1');
    await page.waitForFunction((before) => document.querySelector('[data-error-summary]')?.textContent === before, wrongPassword);
    expect(await signedInName(page)).toBe('');
    await expectNoSeriousA11yIssues(page);
  });

  it('an unconfirmed email gets a clear message and a new confirmation email', async () => {
    const email = uniqueEmail('unconfirmed');
    const page = await freshPage();
    await open(page, '/sign-up');
    await page.getByLabel('Your name').fill('Una Confirmed');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.locator('main input[autocomplete$="password"]').first().fill(PASSWORD);
    await page.getByLabel('I sew and make').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/thank-you/);
    await nextMail(backend, email);

    await open(page, '/sign-in');
    await signInWithForm(page, email, PASSWORD);
    await page.getByText('Please confirm your email first').waitFor();
    await page.getByRole('button', { name: 'Send a new confirmation email' }).click();
    await page.getByText('Confirmation email sent').waitFor();
    expect((await inbox(backend, email)).length).toBe(2);
  });

  it('says clearly when the server is unreachable (status 0) or asks to slow down (429), keeping the form', async () => {
    const email = uniqueEmail('offline');
    const page = await freshPage();
    await open(page, '/sign-in');
    await page.route('**/auth/v1/token**', (route) => route.abort('internetdisconnected'));
    await signInWithForm(page, email, PASSWORD);
    await page.getByText('We could not reach Stitchhouse. Check your internet connection and try again.').waitFor();
    expect(await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);

    await page.unroute('**/auth/v1/token**');
    await page.route('**/auth/v1/token**', (route) =>
      route.fulfill({
        status: 429,
        headers: {
          'content-type': 'application/json',
          'x-supabase-api-version': '2024-01-01',
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'X-Supabase-Api-Version',
        },
        body: JSON.stringify({ code: 'over_request_rate_limit', message: 'Request rate limit reached' }),
      }),
    );
    await signInWithForm(page, email, PASSWORD);
    await page.getByText('Too many attempts. Please wait a minute and try again.').waitFor();
    expect(await focusedIs(page, '[data-error-summary]')).toBe(true);
  });

  it('a page that needs a user sends you to sign in and back', async () => {
    const email = uniqueEmail('return');
    await createUser(backend, email);
    const page = await freshPage();
    await page.goto(`${stack.shellUrl}/account/user?tab=security`);
    await page.waitForURL(/\/sign-in\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe('/account/user?tab=security');
    await expectHeading(page, 'Sign in');
    expect(await page.getByText('Please sign in to see that page.').count()).toBe(1);
    await signInWithForm(page, email, PASSWORD);
    await page.waitForURL(`${stack.shellUrl}/account/user?tab=security`);
    expect(await waitSignedIn(page)).toBe('E2E Maker');
  });

  it('refuses to return to another site after signing in', async () => {
    const email = uniqueEmail('next');
    await createUser(backend, email);
    const page = await freshPage();
    await open(page, `/sign-in?next=${encodeURIComponent('//evil.example/steal')}`);
    await signInWithForm(page, email, PASSWORD);
    await page.waitForURL(`${stack.shellUrl}/patterns/my-patterns`);
  });
});

describe('magic link and email code', () => {
  it('the magic link signs in and returns to where the person was', async () => {
    const email = uniqueEmail('magic');
    await createUser(backend, email);
    const page = await freshPage();
    await open(page, '/sign-in-magic?next=%2Faccount');
    await expectHeading(page, 'Sign in with a magic link');
    await expectNoSeriousA11yIssues(page);
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.waitForURL(/\/sign-in\/thank-you\?next=%2Faccount$/);
    await expectHeading(page, 'Check your email');
    await expectNoSeriousA11yIssues(page);

    const mail = await nextMail(backend, email);
    await page.goto(verifyLink(mail));
    await page.waitForURL(`${stack.shellUrl}/account`);
    expect(await waitSignedIn(page)).toBe('E2E Maker');
  });

  it('an unknown email gets the same "check your email" page and no email', async () => {
    const email = uniqueEmail('ghost');
    const page = await freshPage();
    await open(page, '/sign-in-magic');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.waitForURL(/\/sign-in\/thank-you$/);
    await expectHeading(page, 'Check your email');
    expect(await inbox(backend, email)).toEqual([]);
  });

  it('the 6-digit code from the same email signs in too', async () => {
    const email = uniqueEmail('code');
    await createUser(backend, email);
    const page = await freshPage();
    await open(page, '/sign-in-magic?next=%2Fpatterns%2Fmy-store');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.waitForURL(/\/sign-in\/thank-you/);
    const code = emailCode(await nextMail(backend, email));

    // A wrong code first: announced, the email stays filled in.
    await page.getByLabel('6-digit code').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await page.locator('[data-error-summary]').waitFor();
    expect(await page.locator('[data-error-summary]').textContent()).toContain('expired or was already used');
    expect(await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);

    await page.getByLabel('6-digit code').fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await page.waitForURL(`${stack.shellUrl}/patterns/my-store`);
    expect(await waitSignedIn(page)).toBe('E2E Maker');
  });
});

describe('passwords', () => {
  it('reset → recovery link → change password → the old password no longer works', async () => {
    const email = uniqueEmail('reset');
    await createUser(backend, email);
    const page = await freshPage();
    await open(page, '/reset-password');
    await expectHeading(page, 'Reset your password');
    await expectNoSeriousA11yIssues(page);
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await page.getByText('Check your email').waitFor();

    const mail = await nextMail(backend, email);
    expect(mail.subject).toMatch(/Reset/);
    await page.goto(verifyLink(mail));
    await page.waitForURL(/\/change-password\?link=recovery/);
    await expectHeading(page, 'Change your password');
    await page.locator('#new-password').waitFor();
    await expectNoSeriousA11yIssues(page);

    await page.locator('#new-password').fill('Fresh-seam 2027');
    await page.locator('#new-password-again').fill('Fresh-seam 2028');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('The two passwords are not the same.').first().waitFor();
    await page.locator('#new-password-again').fill('Fresh-seam 2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectHeading(page, 'Your password is changed');

    const other = await freshPage();
    await open(other, '/sign-in');
    await signInWithForm(other, email, PASSWORD);
    await other.getByText('That email and password do not match an account.').waitFor();
    await signInWithForm(other, email, 'Fresh-seam 2027');
    expect(await waitSignedIn(other)).toBe('E2E Maker');
  });

  it('a signed-in person changes the password there too; other sessions are signed out', async () => {
    const email = uniqueEmail('change');
    await createUser(backend, email);
    const elsewhere = await freshPage();
    await open(elsewhere, '/sign-in?next=%2Fpatterns');
    await signInWithForm(elsewhere, email, PASSWORD);
    await waitSignedIn(elsewhere);

    const page = await freshPage();
    await open(page, '/sign-in?next=%2Fchange-password');
    await signInWithForm(page, email, PASSWORD);
    await page.waitForURL(/\/change-password$/);
    await page.locator('#new-password').fill('Another-hem 99');
    await page.locator('#new-password-again').fill('Another-hem 99');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expectHeading(page, 'Your password is changed');
    expect(await signedInName(page)).toBe('E2E Maker');

    // The other browser's session was revoked by the server: it notices on its next look.
    await elsewhere.reload();
    await elsewhere.getByText('You have been signed out').waitFor();
    await elsewhere.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
  });
});

describe('expired links', () => {
  it('a used link lands on /expired-link, whose fresh link works', async () => {
    const email = uniqueEmail('expired');
    await createUser(backend, email);
    const first = await freshPage();
    await open(first, '/sign-in-magic?next=%2Faccount');
    await first.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await first.getByRole('button', { name: 'Email me a link' }).click();
    await first.waitForURL(/thank-you/);
    const link = verifyLink(await nextMail(backend, email));
    await first.goto(link);
    await first.waitForURL(`${stack.shellUrl}/account`);

    // The same link a second time (another browser): already used.
    const page = await freshPage();
    await page.goto(link);
    await page.waitForURL(/\/expired-link\?link=magiclink&next=%2Faccount$/);
    await expectHeading(page, 'This link has expired');
    await expectNoSeriousA11yIssues(page);
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('button', { name: 'Send a new sign-in link' }).click();
    await page.getByText('A new link is on its way').waitFor();

    const fresh = verifyLink(await nextMail(backend, email, 1));
    expect(fresh).not.toBe(link);
    await page.goto(fresh);
    await page.waitForURL(`${stack.shellUrl}/account`);
    expect(await waitSignedIn(page)).toBe('E2E Maker');
  });
});

describe('second factor (TOTP)', () => {
  it('asks for the authenticator code after the password, and only a right code passes', async () => {
    const email = uniqueEmail('totp');
    await createUser(backend, email);
    const token = await apiSignIn(backend, email);
    const enrolled = await authApi<{ id: string; totp: { secret: string } }>(backend, token, '/factors', {
      factor_type: 'totp',
      friendly_name: 'Sewing-room phone',
      issuer: 'Stitchhouse',
    });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.totp.secret), digits: 6, period: 30 });
    const challenge = await authApi<{ id: string }>(backend, token, `/factors/${enrolled.id}/challenge`, {});
    await authApi(backend, token, `/factors/${enrolled.id}/verify`, { challenge_id: challenge.id, code: totp.generate() });

    const page = await freshPage();
    await open(page, '/sign-in?next=%2Faccount');
    await signInWithForm(page, email, PASSWORD);
    await page.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
    await page.locator('main').getByText('Sewing-room phone').waitFor();
    await expectNoSeriousA11yIssues(page);

    // A page that needs a user does not let the half-signed-in (aal1) session through meanwhile.
    const sneaky = await page.context().newPage();
    await sneaky.goto(`${stack.shellUrl}/account`);
    await sneaky.waitForURL(/\/sign-in\?next=%2Faccount$/);
    await sneaky.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
    await sneaky.close();

    const current = totp.generate();
    const wrong = current === '123456' ? '654321' : '123456';
    await page.getByLabel('6-digit code').fill(wrong);
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.locator('[data-error-summary]').waitFor();
    expect(await page.locator('[data-error-summary]').textContent()).toContain('That code is not right');

    await page.getByLabel('6-digit code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL(`${stack.shellUrl}/account`);
    expect(await waitSignedIn(page)).toBe('E2E Maker');
  });
});

describe('signing out', () => {
  it('signing out in one tab signs out the others, with a visible notice; other devices notice too', async () => {
    const email = uniqueEmail('tabs');
    await createUser(backend, email);
    const { context, page: tabA } = await stack.newPage();
    contexts.push(context);
    await tabA.goto(`${stack.shellUrl}/sign-in?next=%2Fpatterns`);
    await signInWithForm(tabA, email, PASSWORD);
    await waitSignedIn(tabA);
    const tabB = await context.newPage();
    await tabB.goto(`${stack.shellUrl}/account`);
    await waitSignedIn(tabB);

    const device = await freshPage();
    await open(device, '/sign-in?next=%2Fpatterns');
    await signInWithForm(device, email, PASSWORD);
    await waitSignedIn(device);

    await tabA.getByRole('button', { name: /Account menu for/ }).click();
    await tabA.getByRole('menuitem', { name: 'Sign out' }).click();
    await tabA.getByRole('link', { name: 'Sign in', exact: true }).waitFor();
    expect(await tabA.getByText('You have been signed out').count()).toBe(0); // asked for here: no notice

    // The other tab follows at once and, being on a page that needs a user, goes to sign in.
    await tabB.waitForURL(/\/sign-in\?next=%2Faccount&reason=session-ended/);
    await tabB.getByText('Your session has ended. Sign in again to continue.').waitFor();

    // Sign-out is global: the other device's session is gone at its next look.
    await device.reload();
    await device.getByText('You have been signed out').waitFor();
    expect(await signedInName(device)).toBe('');
  });
});

describe('accessibility of the remaining access pages', () => {
  it.each(['/sign-up/error?reason=signup_disabled', '/change-password', '/expired-link?link=recovery'])('%s has no serious violations', async (path) => {
    const page = await freshPage();
    await open(page, path);
    await expectNoSeriousA11yIssues(page);
  });

  it('/sign-up/error says why and leads back to the form with the answers kept', async () => {
    const page = await freshPage();
    await open(page, '/sign-up');
    await page.getByLabel('Your name').fill('Kept Name');
    await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill('kept@example.com');
    await open(page, '/sign-up/error?reason=signup_disabled');
    expect(await page.locator('main').textContent()).toContain('New sign-ups are closed at the moment.');
    await page.getByRole('link', { name: 'Back to the sign-up form' }).click();
    await page.waitForURL(/\/sign-up$/);
    expect(await page.getByLabel('Your name').inputValue()).toBe('Kept Name');
    expect(await page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe('kept@example.com');
  });
});
