import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceNumberLabel } from '@stitchhouse/shared/invoiceNumber.ts';
import { callFunction, passwordToken, waitFor } from '@stitchhouse/shared/testing/kit.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { payOnHostedPage } from '../src/hostedCheckout.ts';
import { documentText } from '../../supabase/test/pdf-text.ts';
import { expectNoSeriousA11yIssues, inbox } from './auth-support.ts';
import {
  createPerson,
  createStore,
  openScreen,
  PASSWORD,
  publishedPattern,
  selectRows,
  signedInPage as signedInPageAs,
  type Backend,
} from './catalog-own.fixtures.ts';

// The VAT invoice in the browser: a buyer pays in the Stripe sandbox, opens /payment,
// downloads the order's invoice as a PDF with the order's numbers; the receipt email's invoice
// link, opened signed out, goes through sign-in to that order on /payment, where the PDF is one
// click away; a refund emails the buyer and puts its credit note beside the invoice; another buyer
// following the same link sees no invoice of it.
let stack: E2EStack;
let backend: Backend;
let designer: { id: string; email: string };
let studio: { id: string };
let dress: { id: string };

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend runs no Stripe sandbox');
  backend = stack.backend as Backend;
  designer = await createPerson(backend, 'inv-designer', 'Ines Designer');
  studio = await createStore(backend, designer.id, 'Ines Tide Studio');
  dress = await publishedPattern(backend, studio.id, 'Tide Wrap Dress');
});

afterAll(async () => {
  await stack?.stop();
});

/** Clicks the button and reads the PDF the browser saved. */
async function downloadPdf(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = new Uint8Array(await readFile((await file.path())!));
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe('%PDF-');
  return { name: file.suggestedFilename(), text: await documentText(bytes) };
}

describe('the VAT invoice', () => {
  it('a buyer pays in the sandbox, downloads the invoice from /payment, and the receipt’s link opens it after sign-in', async () => {
    const buyer = await createPerson(backend, 'inv-buyer', 'Rosa Maker');
    const { page, errors } = await signedInPageAs(stack, backend, buyer.email);
    await openScreen(stack, page, `/patterns/${dress.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);
    await page.getByRole('combobox', { name: 'Your country' }).selectOption('DE');
    await page.getByText('VAT 19 % for Germany, included').waitFor();
    await page.getByRole('button', { name: 'Pay $15.00' }).click();
    await payOnHostedPage(page);
    await page.waitForURL(/\/payment\/success\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    await page.getByRole('link', { name: 'Download Tide Wrap Dress' }).waitFor({ timeout: 30_000 });

    const [order] = await selectRows<{ number: number; vat_cents: number; invoices: { kind: string; number: number }[] }>(
      backend,
      `orders?id=eq.${orderId}&select=number,vat_cents,invoices(kind,number)`,
    );
    const invoice = invoiceNumberLabel('invoice', order!.invoices.find((d) => d.kind === 'invoice')!.number);
    const vat = `$${(order!.vat_cents / 100).toFixed(2)}`;
    const net = `$${((1500 - order!.vat_cents) / 100).toFixed(2)}`;

    // /payment: the order with its invoice, one click to the PDF
    await openScreen(stack, page, '/payment');
    const card = page.locator(`li[data-order-id="${orderId}"]`);
    const button = card.getByRole('button', { name: `VAT invoice ${invoice} (PDF)` });
    await button.waitFor();
    await expectNoSeriousA11yIssues(page);
    const pdf = await downloadPdf(page, button);
    expect(pdf.name).toBe(`stitchhouse-invoice-${invoice}.pdf`);
    expect(pdf.text).toContain(`Invoice number: ${invoice}`);
    expect(pdf.text).toContain(`Order: ${order!.number}`);
    expect(pdf.text).toContain('Ines Tide Studio (designer)');
    expect(pdf.text).toContain('Rosa Maker');
    expect(pdf.text).toContain(buyer.email);
    expect(pdf.text).toContain('Country: Germany (DE)');
    expect(pdf.text).toContain(`Tide Wrap Dress, digital pattern (PDF)\n1\n${net}\n19 %\n${vat}\n$15.00`);
    expect(pdf.text).toContain('Total paid (USD)\n$15.00');
    await card.getByRole('status').getByText(`stitchhouse-invoice-${invoice}.pdf is downloaded.`).waitFor();
    expect(errors).toEqual([]);

    // the receipt's invoice link, opened signed out: sign in, land on the order, download
    const receipt = await waitFor(
      'the receipt',
      async () => (await inbox(backend, buyer.email)).find((m) => m.subject.includes(`order ${order!.number}`)),
      30_000,
    );
    const link = receipt.links.find((l) => l.startsWith(stack.apps.urls.shell) && new URL(l).pathname === '/payment');
    expect(link).toBe(`${stack.apps.urls.shell}/payment?order=${orderId}`);
    expect(receipt.text).toContain(`Your VAT invoice ${invoice} (PDF): ${link}`);
    const { page: fresh } = await stack.newPage();
    await fresh.goto(link!);
    await fresh.waitForURL(/\/sign-in\?next=/);
    await fresh.locator('#sign-in-email').fill(buyer.email);
    await fresh.locator('#sign-in-password').fill(PASSWORD);
    await fresh.locator('#sign-in-password').press('Enter');
    await fresh.waitForURL(`${stack.shellUrl}/payment?order=${orderId}`);
    const again = fresh.locator(`li[data-order-id="${orderId}"]`).getByRole('button', { name: `VAT invoice ${invoice} (PDF)` });
    await again.waitFor();
    // the order the link names is in view with its invoice button focused
    await waitFor('the invoice button focused', () => again.evaluate((el) => el === document.activeElement));
    expect(await fresh.locator(`li[data-order-id="${orderId}"]`).getAttribute('aria-current')).toBe('true');
    const second = await downloadPdf(fresh, again);
    expect(second.name).toBe(`stitchhouse-invoice-${invoice}.pdf`);
    expect(second.text).toContain(`Invoice number: ${invoice}`);

    // the designer refunds it: the refund email names the credit note and links the same order,
    // where the credit note is downloaded beside the invoice
    const designerToken = await passwordToken(backend, designer.email, PASSWORD);
    const refund = await callFunction(backend, 'refund', designerToken, { order_id: orderId, reason: 'requested_by_customer' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const mail = await waitFor('the refund email', async () => (await inbox(backend, buyer.email)).find((m) => /refund/i.test(m.subject)), 30_000);
    const [withNote] = await selectRows<{ invoices: { kind: string; number: number }[] }>(backend, `orders?id=eq.${orderId}&select=invoices(kind,number)`);
    const creditNote = invoiceNumberLabel('credit_note', withNote!.invoices.find((d) => d.kind === 'credit_note')!.number);
    expect(mail.subject).toBe(`Your Stitchhouse refund: $15.00 for order ${order!.number}`);
    expect(mail.text).toContain('Tide Wrap Dress: no longer in your library; its download links stop working.');
    expect(mail.links).toContain(link);
    await fresh.goto(link!);
    const noteButton = fresh.locator(`li[data-order-id="${orderId}"]`).getByRole('button', { name: new RegExp(`^Credit note ${creditNote}, -\\$15\\.00 on `) });
    await noteButton.waitFor();
    const note = await downloadPdf(fresh, noteButton);
    expect(note.name).toBe(`stitchhouse-credit-note-${creditNote}.pdf`);
    expect(note.text).toContain(`Credit note number: ${creditNote}`);
    expect(note.text).toContain(`Credits invoice ${invoice}`);
    expect(note.text).toContain('Total credited (USD)\n-$15.00');

    // someone else following the link sees their own purchases, not this invoice
    const other = await createPerson(backend, 'inv-other', 'Otto Other');
    const { page: theirs } = await signedInPageAs(stack, backend, other.email);
    await openScreen(stack, theirs, `/payment?order=${orderId}`);
    await theirs.getByRole('heading', { name: 'No purchases yet' }).waitFor();
    expect(await theirs.getByRole('button', { name: /VAT invoice/ }).count()).toBe(0);
  });
});
