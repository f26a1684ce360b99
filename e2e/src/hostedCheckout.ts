import type { Page } from 'playwright-core';

/** The sandbox's test card that always pays (Stripe's 4242 card). */
export const PAYING_CARD = '4242 4242 4242 4242';

/** Pays on the sandbox's hosted card page the browser was sent to, as a buyer types it. */
export async function payOnHostedPage(page: Page, { card = PAYING_CARD, name = 'Rosa Maker' }: { card?: string; name?: string } = {}): Promise<void> {
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.locator('#number').fill(card);
  await page.locator('#expiry').fill('12 / 34');
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill(name);
  await page.getByRole('button', { name: /^Pay / }).click();
}
