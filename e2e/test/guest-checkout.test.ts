import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { expectNoSeriousA11yIssues, inbox } from './auth-support.ts';
import { createPerson, createStore, publishedPattern, selectRows, type Backend } from './catalog-own.fixtures.ts';

// Guest checkout in Chromium: signed out, a buyer continues as a guest with just an
// email (an anonymous sign-in), pays with 4242 on the sandbox's hosted page, downloads, then
// saves the purchase as an account (updateUser({ email, password }) + the email link) and later
// signs in with that password to find the pattern in the library: same user, same purchase.
let stack: E2EStack;
let backend: Backend;
let tide: { id: string };

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend?.stripe) throw new Error('the embedded backend with its Stripe sandbox did not start');
  backend = stack.backend as Backend;
  const designer = await createPerson(backend, 'ada', 'Ada Designer');
  const store = await createStore(backend, designer.id, 'Ada Tide Patterns');
  tide = await publishedPattern(backend, store.id, 'Tide Dress');
});

afterAll(async () => {
  await stack?.stop();
});

async function waitFor<T>(what: string, read: () => Promise<T | null | undefined | false>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

describe('guest checkout', () => {
  it('pays as a guest with an email, downloads, saves the purchase as an account and finds it after signing in', async () => {
    const email = `guest-${Date.now().toString(36)}@stitchhouse.test`;
    const { page, errors } = await stack.newPage();
    await page.goto(`${stack.shellUrl}/patterns/${tide.id}`);
    await page.getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(/\/payment\/send$/);

    // Opened afresh with a cart in the browser, the checkout never shows "Your cart is empty",
    // not even for a frame (the cart module, zod-checked, is loaded before its first render).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Your cart is empty')) (window as { sawEmptyCart?: boolean }).sawEmptyCart = true;
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Continue as guest' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as { sawEmptyCart?: boolean }).sawEmptyCart ?? false)).toBe(false);

    // signed out: sign in, or continue as a guest; a bad address is refused in the form
    await page.getByRole('heading', { name: 'Continue as guest' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Sign in', exact: true }).first().waitFor();
    await expectNoSeriousA11yIssues(page);
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await page.getByText('Enter your email address.').waitFor();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Continue as guest' }).click();

    // the cart as for members, with the receipt address; the header shows no member
    const receiptField = page.getByRole('textbox', { name: 'Email for your receipt' });
    await receiptField.waitFor({ timeout: 30_000 });
    expect(await receiptField.inputValue()).toBe(email);
    await page.getByRole('button', { name: /Account menu for/ }).waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Your country' }).selectOption('DE');
    await page.getByText('VAT 19 % for Germany, included').waitFor();
    await page.getByRole('button', { name: 'Pay $15.00' }).click();

    await page.waitForURL(/\/checkout\/cs_test_/);
    await page.getByText(email).first().waitFor(); // the hosted page shows the guest's address
    await page.locator('#number').fill('4242 4242 4242 4242');
    await page.locator('#expiry').fill('12 / 34');
    await page.locator('#cvc').fill('123');
    await page.locator('#name').fill('Gwen Guest');
    await page.getByRole('button', { name: /^Pay / }).click();

    await page.waitForURL(/\/payment\/success\?order=/);
    const orderId = new URL(page.url()).searchParams.get('order')!;
    const download = page.getByRole('link', { name: 'Download Tide Dress' });
    await download.waitFor({ timeout: 30_000 });
    await page.getByText(`A receipt was sent to ${email}.`).waitFor();
    const receipt = await waitFor('the receipt email', async () => (await inbox(backend, email)).find((m) => m.text.includes(`/download/${tide.id}`)));
    expect(receipt.subject).toMatch(/receipt|order/i);

    const [buyer] = await selectRows<{ buyer_id: string; buyer_email: string }>(backend, `orders?id=eq.${orderId}&select=buyer_id,buyer_email`);
    expect(buyer!.buyer_email).toBe(email);

    // save the purchase: same user, now with an email and a password
    const save = page.getByRole('region', { name: 'Save your purchases: create an account' });
    await save.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
      throw new Error(`no "Save your purchases" at ${page.url()}: ${(await page.locator('main').textContent())?.slice(0, 400)}`, { cause: error });
    });
    await expectNoSeriousA11yIssues(page);
    expect(await save.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
    await save.getByLabel('Choose a password').fill('Quilting42');
    await save.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Check your inbox').waitFor({ timeout: 30_000 });

    // the guest downloads in this browser (still the same anonymous session until the link is opened)
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('tide-dress-a4-v1.pdf');
    const confirm = await waitFor('the confirmation email', async () => (await inbox(backend, email)).find((m) => m.subject === 'Confirm your new email'));
    const link = confirm.links.find((l) => l.includes('/auth/v1/verify'))!;
    await page.goto(link);
    await page.waitForURL(/\/patterns\/my-patterns/, { timeout: 30_000 });

    // later, another browser: sign in with the password; the library has the pattern
    const later = await stack.newPage();
    await later.page.goto(`${stack.shellUrl}/sign-in`);
    await later.page.locator('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await later.page.locator('main input[autocomplete$="password"]').first().fill('Quilting42');
    await later.page.locator('main input[autocomplete$="password"]').first().press('Enter');
    await later.page.getByRole('button', { name: /Account menu for/ }).waitFor({ timeout: 30_000 });
    await later.page.goto(`${stack.shellUrl}/patterns/my-patterns`);
    await later.page.getByRole('heading', { name: 'Tide Dress' }).waitFor({ timeout: 30_000 });
    const [owner] = await selectRows<{ buyer_id: string }>(backend, `orders?id=eq.${orderId}&select=buyer_id`);
    expect(owner!.buyer_id).toBe(buyer!.buyer_id);
    expect(errors).toEqual([]);
    expect(later.errors).toEqual([]);
  });
});
