import type { Page } from 'playwright-core';

/** The sandbox's test card that always pays (Stripe's 4242 card). */
export const PAYING_CARD = '4242 4242 4242 4242';

/**
 * Pays on the sandbox's hosted card page the browser was sent to, as a buyer types it. `payLabel`:
 * the pay button's words (the page speaks the buyer's language; English by default).
 */
export async function payOnHostedPage(
  page: Page,
  { card = PAYING_CARD, name = 'Rosa Maker', payLabel = /^Pay / }: { card?: string; name?: string; payLabel?: RegExp } = {},
): Promise<void> {
  await page.waitForURL(/\/checkout\/cs_test_/);
  await page.locator('#number').fill(card);
  await page.locator('#expiry').fill('12 / 34');
  await page.locator('#cvc').fill('123');
  await page.locator('#name').fill(name);
  await page.getByRole('button', { name: payLabel }).click();
}
