import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { createUser, expectHeading, startAccessStack, uniqueEmail } from './auth-support.ts';
// the fixtures' password: signedInPage signs in with it
import { PASSWORD, createPerson, createStore, insertRow, openScreen, publishedPattern, signedInPage, type Backend } from './catalog-own.fixtures.ts';

// What a person sees on the confirm-email page, after paying, when
// deleting a 2FA account, at the second sign-in step, on the operator's partner page and in the
// account menu. Each check reads what is drawn (computed styles, boxes, links), not markup.
let stack: E2EStack;
let backend: Backend;

beforeAll(async () => {
  ({ stack, backend } = await startAccessStack());
});

afterAll(async () => {
  await stack?.stop();
});

const open = (page: Page, path: string) => openScreen(stack, page, path);

describe('confirm your email', () => {
  it('the code label is set like every other label, and "Confirm my email" keeps the page spacing from the next heading', async () => {
    const { page } = await stack.newPage();
    await open(page, '/sign-up/thank-you');
    await expectHeading(page, 'Confirm your email');
    const label = page.locator('label[for="confirm-code"]');
    await label.waitFor();
    const looks = await label.evaluate((el) => {
      const emailLabel = document.querySelector('label[for="confirm-code-email"]')!;
      const input = document.getElementById('confirm-code')!;
      return {
        label: getComputedStyle(el).fontFamily,
        labelSpacing: getComputedStyle(el).letterSpacing,
        otherLabel: getComputedStyle(emailLabel).fontFamily,
        otherSpacing: getComputedStyle(emailLabel).letterSpacing,
        input: getComputedStyle(input).fontVariantNumeric + ' ' + getComputedStyle(input).fontFamily,
      };
    });
    expect(looks.label).not.toMatch(/mono/i);
    expect(looks.label).toBe(looks.otherLabel);
    expect(looks.labelSpacing).toBe(looks.otherSpacing);
    // the digits themselves may line up (tabular or monospace)
    expect(looks.input).toMatch(/tabular-nums|mono/);

    const gaps = await page.evaluate(() => {
      const headings = [...document.querySelectorAll('main h2')];
      const codeHeading = headings.find((h) => h.textContent?.trim() === 'Or type the code')!;
      const nextHeading = headings.find((h) => h.textContent?.trim() === 'No email?')!;
      const form = document.querySelector('form[aria-label="Confirm with the code from the email"]')!;
      const button = [...form.querySelectorAll('button')].find((b) => b.textContent?.includes('Confirm my email'))!;
      return {
        page: form.getBoundingClientRect().top - codeHeading.getBoundingClientRect().bottom,
        button: nextHeading.getBoundingClientRect().top - button.getBoundingClientRect().bottom,
      };
    });
    expect(gaps.page).toBeGreaterThan(0);
    expect(
      gaps.button,
      `"Confirm my email" is ${gaps.button}px from "No email?", the page puts ${gaps.page}px between a heading and its form`,
    ).toBeGreaterThanOrEqual(gaps.page);
  });
});

describe('after paying', () => {
  it('offers the library and more patterns, and "Back to the cart" only while the cart still holds something', async () => {
    const designer = await createPerson(backend, 'seller', 'Sol Seller');
    const store = await createStore(backend, designer.id, 'Sol Patterns');
    const paid = await publishedPattern(backend, store.id, 'Pier Skirt');
    const later = await publishedPattern(backend, store.id, 'Quay Coat');
    const buyer = await createPerson(backend, 'payer', 'Pia Payer');
    const { page } = await signedInPage(stack, backend, buyer.email);
    await open(page, `/patterns/${paid.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await payOnHostedPage(page, { name: 'Pia Payer' });
    await page.waitForURL(/\/payment\/success\?order=/);
    const successUrl = page.url();
    await page.getByRole('link', { name: 'Download Pier Skirt' }).waitFor({ timeout: 30_000 });

    const main = page.locator('main');
    expect(await main.getByRole('link', { name: 'Back to the cart' }).count()).toBe(0);
    await main.getByRole('link', { name: 'Go to my patterns' }).waitFor();
    expect(await main.getByRole('link', { name: 'Keep browsing' }).getAttribute('href')).toBe('/patterns');

    // something left in the cart: then the way back to it is offered
    await open(page, `/patterns/${later.id}`);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('link', { name: 'Cart, 1 pattern' }).waitFor();
    await page.goto(successUrl);
    await page.getByRole('link', { name: 'Download Pier Skirt' }).waitFor({ timeout: 30_000 });
    expect(await main.getByRole('link', { name: 'Back to the cart' }).getAttribute('href')).toBe('/payment/send');
  });
});

describe('an account with an authenticator app', () => {
  async function expectCodeFieldFromTheStart(page: Page) {
    const form = page.getByRole('form', { name: 'Delete your account' });
    await form.getByLabel('Current password').waitFor({ timeout: 30_000 });
    // on first render, before any submit: the code field is there and visible
    expect(await form.getByLabel('6-digit code from your authenticator app').isVisible()).toBe(true);
    expect(await page.locator('[data-error-summary]').count()).toBe(0);
  }

  it('turned on in this session: the delete form asks for the code from the start; the second step says "your authenticator app"', async () => {
    const email = uniqueEmail('two-step');
    await createUser(backend, email, PASSWORD, { display_name: 'Tove Twostep' });
    const { page } = await signedInPage(stack, backend, email);
    await open(page, '/account/user');
    await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
    const secret = (await page.getByLabel('Setup key').textContent())!.trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('6-digit code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('asked at every sign-in', { exact: false }).waitFor();
    // to the overview as a person goes there: the section link, no reload
    await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Overview' }).click();
    await page.waitForURL(`${stack.shellUrl}/account`);
    await expectCodeFieldFromTheStart(page);

    // a new browser: password, then the second step, in words that fit any app
    const { page: next } = await stack.newPage();
    await next.goto(`${stack.shellUrl}/sign-in?next=${encodeURIComponent('/account')}`);
    await next.locator('#sign-in-email').fill(email);
    await next.locator('#sign-in-password').fill(PASSWORD);
    await next.locator('#sign-in-password').press('Enter');
    const step = next.locator('section[aria-labelledby="second-factor-title"]');
    // the factor has loaded once "Verify and continue" can be pressed
    await expect.poll(() => step.getByRole('button', { name: 'Verify and continue' }).isEnabled(), { timeout: 30_000 }).toBe(true);
    const words = (await step.textContent())!.replace(/\s+/g, ' ');
    expect(words).toContain('Open your authenticator app and type the 6-digit code');
    expect(words).not.toMatch(/Open Authenticator app/i);
    await next.getByLabel('6-digit code').fill(totp.generate());
    await next.getByRole('button', { name: 'Verify and continue' }).click();
    await next.waitForURL(`${stack.shellUrl}/account`);
    await expectCodeFieldFromTheStart(next);
  });
});

describe("the operator's partner page", () => {
  it('shows the partner just approved among the approved ones, without a reload', async () => {
    const operator = await createPerson(backend, 'op', 'Oda Operator');
    await insertRow(backend, 'user_roles', { user_id: operator.id, role: 'operator' });
    const applicant = await createPerson(backend, 'applicant', 'Ari Applicant');
    await insertRow(backend, 'partner_applications', {
      user_id: applicant.id,
      kind: 'reseller',
      company: 'Bobbin Weekly',
      website: 'https://bobbin.example',
      audience: 'Quilters',
      country: 'NL',
    });
    const { page } = await signedInPage(stack, backend, operator.email);
    await open(page, '/partners/resellers');
    await page.getByRole('heading', { name: 'Applications to review' }).waitFor();
    const directory = page.getByRole('list', { name: 'Approved resellers' });
    const approvedThere = () => directory.getByRole('heading', { name: 'Bobbin Weekly' }).count();
    await page.getByRole('heading', { name: 'Approved resellers' }).waitFor();
    expect(await approvedThere()).toBe(0);
    await page.getByRole('button', { name: 'Approve Bobbin Weekly' }).click();
    await page.getByText('Bobbin Weekly approved.', { exact: false }).waitFor();
    // no reload: the page's list of approved resellers has it now
    await directory.getByRole('heading', { name: 'Bobbin Weekly' }).waitFor({ timeout: 10_000 });
    await page.getByRole('combobox', { name: 'Show' }).selectOption('approved');
    await page.getByRole('list', { name: 'Applications' }).getByText('Bobbin Weekly').waitFor();
  });
});

describe('the account menu', () => {
  async function menuItems(email: string): Promise<Array<{ name: string; href: string | null }>> {
    const { page } = await signedInPage(stack, backend, email);
    await open(page, '/about');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    // what the menu offers once it knows who this is (it asks the backend)
    await page.waitForTimeout(1500);
    return menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => ({ name: i.textContent!.trim(), href: i.getAttribute('href') })));
  }

  it('a maker with no store sees no "My store"; someone who signed up to sell is offered "Open a store"; a store owner sees "My store"', async () => {
    const maker = await createPerson(backend, 'maker', 'Mo Maker');
    const makerItems = await menuItems(maker.email);
    expect(makerItems.map((i) => i.name)).toEqual(['Account', 'My patterns', 'Sign out']);

    const seller = uniqueEmail('to-sell');
    await createUser(backend, seller, PASSWORD, { display_name: 'Sid Seller', intent: 'designer' });
    const sellerItems = await menuItems(seller);
    expect(sellerItems.map((i) => i.name)).not.toContain('My store');
    expect(sellerItems).toContainEqual({ name: 'Open a store', href: '/account/store' });

    const owner = await createPerson(backend, 'owner', 'Ola Owner');
    await createStore(backend, owner.id, 'Ola Patterns');
    const ownerItems = await menuItems(owner.email);
    expect(ownerItems).toContainEqual({ name: 'My store', href: '/patterns/my-store' });
    expect(ownerItems.map((i) => i.name)).not.toContain('Open a store');
  });
});
