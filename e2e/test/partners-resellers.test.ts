import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionExample, formatMoney, resellerCommission } from '@stitchhouse/shared/pricing.ts';
import { REFERRAL_STORAGE_KEY } from '@stitchhouse/shared/partners/referral.ts';
import type { E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { expectHeading, expectNoSeriousA11yIssues, inbox } from './auth-support.ts';
import {
  createPerson,
  designerWithPattern,
  insertRow,
  openScreen,
  selectRows,
  signedInPage,
  startStackWithBackend,
  type Backend,
} from './catalog-own.fixtures.ts';

// Resellers in Chromium against a fresh backend and the Stripe sandbox: someone applies
// on /partners/resellers, an operator approves them there (the applicant is emailed), the new
// reseller sees their code and links, a buyer arrives through ?ref=CODE and buys, and the
// commission shows on the reseller's page. axe on /partners and /partners/resellers.
let stack: E2EStack;
let backend: Backend;
let operator: { id: string; email: string };
let applicant: { id: string; email: string };
let buyer: { id: string; email: string };
let pattern: { id: string };

beforeAll(async () => {
  ({ stack, backend } = await startStackWithBackend());
  ({ pattern } = await designerWithPattern(backend, 'Harbour Wrap Dress'));
  operator = await createPerson(backend, 'operator', 'Olu Operator');
  await insertRow(backend, 'user_roles', { user_id: operator.id, role: 'operator' });
  applicant = await createPerson(backend, 'reseller', 'Rhea Reseller');
  buyer = await createPerson(backend, 'buyer', 'Rosa Maker');
});

afterAll(async () => {
  await stack?.stop();
});

const open = (page: Page, path: string) => openScreen(stack, page, path);

describe('partner programme pages', () => {
  it('/partners explains the programmes with the rates of pricing.ts and links to both', async () => {
    const { page, errors } = await stack.newPage();
    await open(page, '/partners');
    await expectHeading(page, 'Partner programme');
    await page.getByRole('link', { name: 'Resellers: details and apply' }).waitFor();
    await page.getByRole('link', { name: 'Suppliers: details and apply' }).waitFor();
    const free = commissionExample().find((r) => r.planId === 'free')!;
    const row = page.getByRole('row', { name: /^Free/ });
    await row.getByText(formatMoney(free.commissionCents, 'EUR'), { exact: true }).waitFor();
    await row.getByText(formatMoney(free.designerShareCents, 'EUR'), { exact: true }).waitFor();
    await expectNoSeriousA11yIssues(page);
    expect(errors).toEqual([]);
  });
});

describe('reseller programme', () => {
  it('apply → operator approves (email) → code and links → a buyer through ?ref= buys → the commission shows', async () => {
    // the applicant applies
    const mine = await signedInPage(stack, backend, applicant.email);
    await open(mine.page, '/partners/resellers');
    await expectHeading(mine.page, 'Resellers');
    await mine.page.getByRole('button', { name: 'Send application' }).click();
    await mine.page.getByRole('alert').getByText('Enter your company or trading name', { exact: false }).waitFor();
    await mine.page.getByRole('textbox', { name: 'Company or trading name' }).fill('Sew Along Weekly');
    await mine.page.getByRole('textbox', { name: 'Website' }).fill('https://sewalong.example');
    await mine.page.getByRole('textbox', { name: 'Your audience' }).fill('A weekly newsletter for 8,000 beginner dressmakers');
    await mine.page.getByRole('combobox', { name: 'Country you work from' }).selectOption('NL');
    await mine.page.getByRole('button', { name: 'Send application' }).click();
    await mine.page.getByText('Your application is waiting for review').waitFor();
    await mine.page.getByRole('button', { name: 'Withdraw application' }).waitFor();
    await expectNoSeriousA11yIssues(mine.page);

    // an operator approves it from the same page
    const op = await signedInPage(stack, backend, operator.email);
    await open(op.page, '/partners/resellers');
    await op.page.getByRole('heading', { name: 'Applications to review' }).waitFor();
    await op.page.getByText('A weekly newsletter for 8,000 beginner dressmakers').waitFor();
    await op.page.getByRole('button', { name: 'Reject Sew Along Weekly' }).click();
    await op.page.getByText('Say why the application is rejected', { exact: false }).waitFor();
    await op.page.getByRole('button', { name: 'Approve Sew Along Weekly' }).click();
    await op.page.getByText('Sew Along Weekly approved. The applicant has been emailed.').waitFor();
    await expectNoSeriousA11yIssues(op.page);
    await expect
      .poll(async () => (await inbox(backend, applicant.email)).map((m) => m.subject), { timeout: 10_000 })
      .toContain('Welcome to the Stitchhouse reseller programme');

    // the reseller sees the code and links
    await open(mine.page, '/partners/resellers');
    const code = (await mine.page.getByTestId('referral-code').textContent())!.trim();
    expect(code).toMatch(/^SEWALONG[A-Z0-9]{4}$/);
    const homeLink = await mine.page.getByRole('textbox', { name: 'Home page' }).inputValue();
    expect(homeLink).toBe(`${stack.shellUrl}/?ref=${code}`);
    await mine.page.getByRole('textbox', { name: 'Link to a pattern or store page' }).fill(`${stack.shellUrl}/patterns/${pattern.id}`);
    expect(await mine.page.getByRole('textbox', { name: 'Your link' }).inputValue()).toBe(`${stack.shellUrl}/patterns/${pattern.id}?ref=${code}`);
    await mine.page.getByText('No commissions yet').waitFor();
    await mine.page.getByRole('list', { name: 'Approved resellers' }).getByRole('heading', { name: 'Sew Along Weekly' }).waitFor();
    await expectNoSeriousA11yIssues(mine.page);

    // a buyer follows the link and buys
    const shopper = await signedInPage(stack, backend, buyer.email);
    await open(shopper.page, `/patterns/${pattern.id}?ref=${code.toLowerCase()}`);
    await expect
      .poll(async () => shopper.page.evaluate((key) => localStorage.getItem(key), REFERRAL_STORAGE_KEY), { timeout: 10_000 })
      .toContain(`"code":"${code}"`);
    await shopper.page.getByRole('button', { name: 'Buy', exact: true }).click();
    await shopper.page.waitForURL(/\/payment\/send$/);
    await shopper.page.getByRole('combobox', { name: 'Your country' }).selectOption('DE');
    // the code can also be typed: an unknown one is refused at its field, the reseller's shows as applied
    await shopper.page.getByText('Have a partner code?').click();
    const partnerForm = shopper.page.getByRole('form', { name: 'Partner code' });
    await partnerForm.getByRole('textbox', { name: /^Partner code/ }).fill('NOSUCH99');
    await partnerForm.getByRole('button', { name: 'Apply partner code' }).click();
    await partnerForm.getByText('That partner code is not known').waitFor();
    await partnerForm.getByRole('textbox', { name: /^Partner code/ }).fill(code.toLowerCase());
    await partnerForm.getByRole('button', { name: 'Apply partner code' }).click();
    await shopper.page.getByTestId('checkout-partner-code').getByText(`${code} applied`).waitFor();
    await shopper.page.getByRole('button', { name: 'Pay $15.00' }).click();
    await payOnHostedPage(shopper.page);
    await shopper.page.waitForURL(/\/payment\/success\?order=/);
    const orderId = new URL(shopper.page.url()).searchParams.get('order')!;
    await shopper.page.getByRole('link', { name: 'Download Harbour Wrap Dress' }).waitFor({ timeout: 30_000 });

    const [order] = await selectRows<{ reseller_id: string; referral_code: string }>(backend, `orders?id=eq.${orderId}&select=reseller_id,referral_code`);
    expect(order).toEqual({ reseller_id: applicant.id, referral_code: code });
    const [line] = await selectRows<{ commission_cents: number; platform_fee_cents: number }>(
      backend,
      `order_items?order_id=eq.${orderId}&select=commission_cents,platform_fee_cents`,
    );
    expect(line!.commission_cents).toBe(resellerCommission(line!.platform_fee_cents));

    // the reseller sees it, held until they connect a payout account
    await open(mine.page, '/partners/resellers');
    const row = mine.page.getByRole('row', { name: /Harbour Wrap Dress/ });
    await row.getByText(formatMoney(line!.commission_cents, 'USD')).waitFor();
    await row.getByText('Held until your payout account is ready').waitFor();
    await mine.page.getByRole('link', { name: 'set up payouts' }).waitFor();
    expect([...mine.errors, ...op.errors, ...shopper.errors]).toEqual([]);
  });
});
