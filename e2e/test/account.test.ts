import { readFileSync } from 'node:fs';
import jsQR from 'jsqr';
import * as OTPAuth from 'otpauth';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { E2EStack } from '../src/harness.ts';
import {
  PASSWORD,
  apiSignIn,
  authApi,
  createUser,
  expectHeading,
  expectNoSeriousA11yIssues,
  heading,
  inbox,
  nextMail,
  startAccessStack,
  uniqueEmail,
  type Backend,
} from './auth-support.ts';
import { coverPng } from './catalog-own.fixtures.ts';

// Account end to end: profile, email change, authenticator app with recovery
// codes, store settings with the live address check and old addresses that redirect.
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

async function signIn(page: Page, email: string, next: string) {
  await page.goto(`${stack.shellUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await page.locator('#sign-in-email').fill(email);
  await page.locator('#sign-in-password').fill(PASSWORD);
  await page.locator('#sign-in-password').press('Enter');
}

async function signedInAt(email: string, path: string): Promise<Page> {
  const page = await freshPage();
  await signIn(page, email, path);
  await page.waitForURL(`${stack.shellUrl}${path}`);
  await heading(page);
  return page;
}

describe('profile and security', () => {
  it('overview shows who I am and my roles; the screens pass axe', async () => {
    const email = uniqueEmail('overview');
    await createUser(backend, email, PASSWORD, { display_name: 'Olive Overview', intent: 'designer' });
    const page = await signedInAt(email, '/account');
    await expectHeading(page, 'Your account');
    await page.locator('main').getByText('Olive Overview').waitFor();
    expect(await page.locator('main').textContent()).toContain('Roles: Designer, Maker');
    await page.getByRole('heading', { name: 'Danger zone' }).waitFor();
    await expectNoSeriousA11yIssues(page);
  });

  it('changes the name and the avatar (checked by its bytes, uploaded with progress)', async () => {
    const email = uniqueEmail('profile');
    await createUser(backend, email);
    const page = await signedInAt(email, '/account/user');
    await expectHeading(page, 'Your profile and security');
    await page.getByRole('heading', { name: 'Authenticator app' }).waitFor();
    await expectNoSeriousA11yIssues(page);

    await page.getByLabel('Display name').fill('');
    await page.getByRole('button', { name: 'Save name' }).click();
    expect(await page.locator('[data-error-summary]').textContent()).toContain('Enter the name other people will see.');
    await page.getByLabel('Display name').fill('Hazel Hem');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText('Your name is saved.').waitFor();

    // A text file named like a picture is refused before anything is sent.
    await page.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await page.getByText('This file is not a JPEG, PNG or WebP image (checked by its content, not its name).').waitFor();
    await page.getByLabel('Avatar', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: coverPng() });
    await page.getByText('Avatar saved.').waitFor();
    const src = await page.getByRole('img', { name: 'Your avatar' }).getAttribute('src');
    expect(src).toMatch(/\/storage\/v1\/object\/public\/avatars\/[0-9a-f-]{36}\/avatar-\d+\.(webp|png)$/);
    const image = await fetch(src!);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/(webp|png)/);
  });

  it('email change needs the current password, then a link to each address', async () => {
    const email = uniqueEmail('email-old');
    const next = uniqueEmail('email-new');
    await createUser(backend, email);
    const page = await signedInAt(email, '/account/user');
    await page.getByLabel('New email address').fill(next);
    await page.getByLabel('Current password').fill('Not-my-password-1');
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.locator('[data-error-summary]', { hasText: 'That is not your current password.' }).waitFor();
    expect(await page.getByLabel('New email address').inputValue()).toBe(next); // nothing typed is lost
    expect(await inbox(backend, next)).toEqual([]);

    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change email' }).click();
    await page.getByText('Email change waiting for both confirmations').waitFor();
    expect((await nextMail(backend, next)).subject).toMatch(/new email/i);
    expect((await inbox(backend, email)).some((m) => /email change/i.test(m.subject))).toBe(true);
  });

  it('turns on the authenticator app, then sign-in asks for a code; a recovery code works once instead', async () => {
    const email = uniqueEmail('mfa');
    await createUser(backend, email, PASSWORD, { display_name: 'Maya Mfa' });
    const page = await signedInAt(email, '/account/user');
    await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
    // The QR code draws, and the secret an authenticator app reads from it is the one that verifies.
    const scanned = await scanQrCode(page, 'QR code to add Stitchhouse to your authenticator app');
    expect(scanned.width).toBeGreaterThanOrEqual(100);
    const totp = OTPAuth.URI.parse(scanned.text) as OTPAuth.TOTP;
    expect(totp.issuer).toBe('Stitchhouse');
    expect(totp.secret.base32).toBe((await page.getByLabel('Setup key').textContent())!.trim());
    const code = totp.generate();
    await page.getByLabel('6-digit code from the app').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.locator('[data-error-summary]').waitFor();
    await page.getByLabel('6-digit code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = (await page.getByRole('list', { name: 'Recovery codes' }).locator('li').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.getByText('On: Authenticator app, asked at every sign-in.').waitFor();
    await page.getByText('10 of 10 recovery codes left.').waitFor();

    // A new browser: password, then the app's code.
    const withApp = await freshPage();
    await signIn(withApp, email, '/account');
    await withApp.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
    await withApp.getByLabel('6-digit code').fill(totp.generate());
    await withApp.getByRole('button', { name: 'Verify and continue' }).click();
    await withApp.waitForURL(`${stack.shellUrl}/account`);
    await expectHeading(withApp, 'Your account');

    // Phone lost: a recovery code instead, once.
    const lostPhone = await freshPage();
    await signIn(lostPhone, email, '/account/user');
    await lostPhone.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
    await lostPhone.getByRole('button', { name: 'Use a recovery code' }).click();
    await expectNoSeriousA11yIssues(lostPhone);
    await lostPhone.getByRole('textbox', { name: 'Recovery code', exact: true }).fill(codes[0]!.toUpperCase());
    await lostPhone.getByRole('button', { name: 'Use this code' }).click();
    await lostPhone.waitForURL(`${stack.shellUrl}/account/user`);
    await lostPhone.getByText('9 of 10 recovery codes left.').waitFor();
    // At aal2 the app can be removed (the lost phone).
    lostPhone.once('dialog', (dialog) => void dialog.accept());
    await lostPhone.getByRole('button', { name: 'Remove the authenticator app' }).click();
    await lostPhone.getByRole('button', { name: 'Turn on the authenticator app' }).waitFor();

    // The same code does not work twice (and, the app removed, no code is asked any more).
    const again = await freshPage();
    await signIn(again, email, '/account');
    await again.waitForURL(`${stack.shellUrl}/account`);
  });

  it('a used recovery code is refused with a clear message', async () => {
    const email = uniqueEmail('mfa-reuse');
    await createUser(backend, email);
    const page = await signedInAt(email, '/account/user');
    await page.getByRole('button', { name: 'Turn on the authenticator app' }).click();
    const secret = (await page.getByLabel('Setup key').textContent())!.trim();
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    await page.getByLabel('6-digit code from the app').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    const codes = (await page.getByRole('list', { name: 'Recovery codes' }).locator('li').allTextContents()).map((c) => c.trim());

    const first = await freshPage();
    await signIn(first, email, '/account');
    await first.getByRole('button', { name: 'Use a recovery code' }).click();
    await first.getByRole('textbox', { name: 'Recovery code', exact: true }).fill(codes[5]!);
    await first.getByRole('button', { name: 'Use this code' }).click();
    await first.waitForURL(`${stack.shellUrl}/account`);

    const second = await freshPage();
    await signIn(second, email, '/account');
    await second.getByRole('button', { name: 'Use a recovery code' }).click();
    await second.getByRole('textbox', { name: 'Recovery code', exact: true }).fill(codes[5]!);
    await second.getByRole('button', { name: 'Use this code' }).click();
    await second.locator('[data-error-summary]', { hasText: 'That recovery code is not right, or it was already used.' }).waitFor();
    expect(second.url()).toContain('/sign-in');
  });
});

describe('store settings', () => {
  it("opens a store with a live address check; a renamed store's old address redirects", async () => {
    const other = uniqueEmail('store-other');
    await createUser(backend, other);
    const otherPage = await signedInAt(other, '/account/store');
    await otherPage.getByLabel('Store name').fill('Taken Thimble');
    await otherPage.getByRole('button', { name: 'Open store' }).click();
    await otherPage.getByRole('heading', { name: 'Store details' }).waitFor();

    const email = uniqueEmail('store');
    await createUser(backend, email, PASSWORD, { display_name: 'Stella Store', intent: 'designer' });
    const page = await signedInAt(email, '/account/store');
    await expectHeading(page, 'Your store');
    await page.getByRole('heading', { name: 'Open your store' }).waitFor();
    await expectNoSeriousA11yIssues(page);

    await page.getByLabel('Store name').fill('Taken Thimble');
    expect(await page.getByLabel('Store address').inputValue()).toBe('taken-thimble');
    await page.locator('[data-slug-status="taken"]').waitFor();
    await page.getByLabel('Store address').fill('checkout');
    await page.locator('[data-slug-status="reserved"]').waitFor();
    await page.getByLabel('Store address').fill('stella-patterns');
    await page.locator('[data-slug-status="available"]').waitFor();
    await page.getByLabel('Bio', { exact: true }).fill('Patterns for **linen**.');
    await page.getByRole('button', { name: 'Preview bio' }).click();
    expect(await page.getByRole('region', { name: 'Bio preview' }).locator('strong').textContent()).toBe('linen');
    await page.getByRole('button', { name: 'Open store' }).click();
    await page.getByRole('heading', { name: 'Store details' }).waitFor();
    await page.getByRole('heading', { name: 'Payouts and plan' }).waitFor();
    expect(await page.getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe('/payment/receive');
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/payment/subscription');

    // A taken address on save: the database's words, and everything typed stays.
    await page.getByLabel('Store name').fill('Stella Renamed');
    await page.getByLabel('Store address').fill('taken-thimble');
    await page.getByRole('button', { name: 'Save store' }).click();
    await page.locator('[data-error-summary]', { hasText: 'is taken' }).waitFor();
    expect(await page.getByLabel('Store name').inputValue()).toBe('Stella Renamed');

    await page.getByLabel('Store address').fill('stella-studio');
    await page.locator('[data-slug-status="available"]').waitFor();
    await page.getByRole('button', { name: 'Save store' }).click();
    await page.getByText('Old addresses that still lead here: /stores/stella-patterns').waitFor();

    const visitor = await freshPage();
    await visitor.goto(`${stack.shellUrl}/stores/stella-patterns`);
    await visitor.waitForURL(`${stack.shellUrl}/stores/stella-studio`);
    await expectHeading(visitor, 'Stella Renamed');
  });
});

describe('wholesale', () => {
  async function grantOperator(email: string) {
    const list = await fetch(`${backend.url}/auth/v1/admin/users?per_page=1000`, {
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    const users = ((await list.json()) as { users: Array<{ id: string; email: string }> }).users;
    const id = users.find((u) => u.email === email)!.id;
    const res = await fetch(`${backend.url}/rest/v1/user_roles`, {
      method: 'POST',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: id, role: 'operator' }),
    });
    expect(res.status).toBe(201);
  }

  it('a shop applies with its certificate; an operator rejects with a reason, the shop re-applies, the operator approves', async () => {
    const shopEmail = uniqueEmail('wholesale-shop');
    await createUser(backend, shopEmail, PASSWORD, { display_name: 'Sabine Shop', intent: 'shop' });
    const shop = await signedInAt(shopEmail, '/account/wholesale');
    await expectHeading(shop, 'Wholesale account');
    await shop.getByRole('heading', { name: 'Your application' }).waitFor();
    await expectNoSeriousA11yIssues(shop);

    await shop.getByLabel('Business name').fill('Stoffladen Sabine');
    await shop.getByLabel('Country').selectOption('DE');
    await shop.getByLabel('VAT or tax number').fill('12345');
    await shop.getByLabel('Street and number').fill('Torstraße 1');
    await shop.getByLabel('Town or city').fill('Berlin');
    await shop.getByLabel('Postcode').fill('10119');
    await shop.getByRole('button', { name: 'Apply for wholesale' }).click();
    await shop.locator('[data-error-summary]', { hasText: 'This does not look like a VAT or tax number for this country, e.g. DE123456789.' }).waitFor();
    await shop.getByLabel('VAT or tax number').fill('DE 298 765 432');
    await shop
      .getByLabel('Resale certificate')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
    await shop
      .locator('#wholesale-certificate-error', { hasText: 'The certificate must be a PDF, JPEG or PNG file (checked by its content, not its name).' })
      .waitFor();
    await shop
      .getByLabel('Resale certificate')
      .setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n') });
    await shop.getByRole('button', { name: 'Apply for wholesale' }).click();
    await shop.getByText('Waiting for review').waitFor();

    const opEmail = uniqueEmail('operator');
    await createUser(backend, opEmail, PASSWORD, { display_name: 'Otto Operator' });
    await grantOperator(opEmail);
    const op = await signedInAt(opEmail, '/account/wholesale');
    await op.getByRole('heading', { name: 'Wholesale applications' }).waitFor();
    await op.getByRole('button', { name: /Stoffladen Sabine \(DE\) · pending/ }).click();
    await expectNoSeriousA11yIssues(op);
    const [popup] = await Promise.all([op.waitForEvent('popup'), op.getByRole('button', { name: 'Open the resale certificate' }).click()]);
    await popup.waitForLoadState();
    expect(popup.url()).toContain('/storage/v1/object/sign/wholesale-documents/');
    await popup.close();
    await op.getByRole('button', { name: 'Reject' }).click();
    await op.getByText('Say why the application is rejected: the applicant reads it.').waitFor();
    await op.getByLabel(/^Reason/).fill('Please upload the current year’s certificate.');
    await op.getByRole('button', { name: 'Reject' }).click();
    await op.getByText('Stoffladen Sabine rejected. The applicant has been emailed.').waitFor();
    expect((await nextMail(backend, shopEmail)).subject).toBe('Your wholesale application was not approved');

    await shop.reload();
    await shop.getByText('Reason: Please upload the current year’s certificate.').waitFor();
    await shop.getByRole('button', { name: 'Correct and apply again' }).click();
    expect(await shop.getByLabel('Business name').inputValue()).toBe('Stoffladen Sabine');
    await shop.getByRole('button', { name: 'Apply again' }).click();
    await shop.getByText('Waiting for review').waitFor();

    await op.getByLabel('Show').selectOption('pending');
    await op.reload();
    await op.getByRole('button', { name: /Stoffladen Sabine \(DE\) · pending/ }).click();
    await op.getByRole('button', { name: 'Approve' }).click();
    await op.getByText('Stoffladen Sabine approved. The applicant has been emailed.').waitFor();
    await shop.reload();
    await shop.getByText('Approved', { exact: true }).waitFor();
    expect((await inbox(backend, shopEmail)).some((m) => m.subject === 'Your wholesale account is approved')).toBe(true);
  });
});

describe('export and deletion', () => {
  it('exports the account as a ZIP with progress, and emails a link to it', async () => {
    const email = uniqueEmail('export');
    await createUser(backend, email, PASSWORD, { display_name: 'Edda Export' });
    const page = await signedInAt(email, '/account');
    await page.getByRole('button', { name: 'Export my account' }).click();
    await page.getByText('Your export is ready').waitFor({ timeout: 60_000 });
    // saved as a person saves it (the page's CSP lets no script fetch the blob: address)
    const [saved] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: /^Save stitchhouse-export\.zip/ }).click()]);
    expect(saved.suggestedFilename()).toBe('stitchhouse-export.zip');
    const zip = readFileSync((await saved.path())!);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip.includes(Buffer.from('stitchhouse-account.json'))).toBe(true);
    const mail = await nextMail(backend, email);
    expect(mail.subject).toBe('Your Stitchhouse export is ready');
    const link = mail.links.find((l) => l.includes('/storage/v1/object/sign/account-exports/'))!;
    const viaLink = Buffer.from(await (await fetch(link)).arrayBuffer());
    expect(viaLink.equals(zip)).toBe(true);
  });

  it('deletes the account after the password; signing in then fails', async () => {
    const email = uniqueEmail('delete');
    await createUser(backend, email, PASSWORD, { display_name: 'Dora Delete' });
    const page = await signedInAt(email, '/account');
    await page.getByRole('heading', { name: 'Delete your account' }).waitFor();
    await expectNoSeriousA11yIssues(page);
    const form = page.getByRole('form', { name: 'Delete your account' });
    await form.getByLabel('Current password').fill('Wrong-password-1');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.locator('[data-error-summary]', { hasText: 'Tick the box to confirm you want to delete your account.' }).waitFor();
    await form.getByLabel('I understand my account is deleted for good').check();
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.locator('[data-error-summary]', { hasText: 'That is not your current password.' }).waitFor();
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/sign-in\?reason=account-deleted$/);
    await page.getByText('Your account is deleted. We emailed you a confirmation.').waitFor();
    expect((await nextMail(backend, email)).subject).toBe('Your Stitchhouse account is deleted');

    await page.locator('#sign-in-email').fill(email);
    await page.locator('#sign-in-password').fill(PASSWORD);
    await page.locator('#sign-in-password').press('Enter');
    await page.locator('[data-error-summary]').waitFor();
    expect(page.url()).toContain('/sign-in');
  });

  it('with an authenticator app, deleting also takes a fresh code', async () => {
    const email = uniqueEmail('delete-mfa');
    await createUser(backend, email, PASSWORD, { display_name: 'Dirk Delete' });
    const token = await apiSignIn(backend, email);
    const enrolled = await authApi<{ id: string; totp: { secret: string } }>(backend, token, '/factors', {
      factor_type: 'totp',
      friendly_name: 'Phone',
      issuer: 'Stitchhouse',
    });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(enrolled.totp.secret), digits: 6, period: 30 });
    const challenge = await authApi<{ id: string }>(backend, token, `/factors/${enrolled.id}/challenge`, {});
    await authApi(backend, token, `/factors/${enrolled.id}/verify`, { challenge_id: challenge.id, code: totp.generate() });

    const page = await freshPage();
    await signIn(page, email, '/account');
    await page.getByLabel('6-digit code').fill(totp.generate());
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.waitForURL(`${stack.shellUrl}/account`);
    const form = page.getByRole('form', { name: 'Delete your account' });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByLabel('I understand my account is deleted for good').check();
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.locator('[data-error-summary]', { hasText: 'Enter the 6-digit code from your authenticator app.' }).waitFor();
    await form.getByLabel('6-digit code from your authenticator app').fill(totp.generate());
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(/\/sign-in\?reason=account-deleted$/);
    expect((await nextMail(backend, email)).subject).toBe('Your Stitchhouse account is deleted');
  });
});

/** What a phone camera reads from the named image: it must have drawn (natural size) and hold a QR code. */
async function scanQrCode(page: Page, name: string): Promise<{ width: number; text: string }> {
  const img = page.getByRole('img', { name });
  await img.waitFor();
  const pixels = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode().catch(() => undefined);
    const canvas = document.createElement('canvas');
    canvas.width = el.naturalWidth;
    canvas.height = el.naturalHeight;
    if (!canvas.width) return { width: 0, height: 0, data: [] as number[] };
    const context = canvas.getContext('2d')!;
    context.drawImage(el, 0, 0);
    return { width: canvas.width, height: canvas.height, data: Array.from(context.getImageData(0, 0, canvas.width, canvas.height).data) };
  });
  expect(pixels.width, `the image "${name}" did not draw`).toBeGreaterThan(0);
  const code = jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(code, `no QR code in the image "${name}"`).not.toBeNull();
  return { width: pixels.width, text: code!.data };
}
