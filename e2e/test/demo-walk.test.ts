// The demo marketplace as `npm start` makes it: a fresh backend with the
// demo seed, walked in Chromium as the demo personas. The Pro designer's sales report has rows for
// this month (the seed trades up to the day of the first start); a buyer's library card and the
// download page say the same version; a downloaded demo PDF's cover carries the pattern's title.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordSession } from '@stitchhouse/shared/testing/kit.ts';
import { pageTexts } from '../../supabase/test/catalog-own-pdf.ts';
import { startE2EStack, type E2EStack } from '../src/harness.ts';
import { openScreen, selectRows, sessionStorageKey, type Backend } from './catalog-own.fixtures.ts';

const DEMO_PASSWORD = 'Stitchhouse-demo-2026';
let stack: E2EStack;
let backend: Backend;

beforeAll(async () => {
  stack = await startE2EStack({ backend: true, seed: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
}, 900_000);

afterAll(async () => {
  await stack?.stop();
});

/** A page signed in as a demo persona (with the demo password, as a person signs in). */
async function demoPage(email: string) {
  const opened = await stack.newPage();
  const session = await passwordSession(backend, email, DEMO_PASSWORD);
  await opened.page.goto(`${stack.shellUrl}/about`);
  await opened.page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [sessionStorageKey(backend), JSON.stringify(session)]);
  return opened;
}

const open = (page: Page, path: string) => openScreen(stack, page, path);

describe('the demo, on the day it is first started', () => {
  it('the Pro designer\u2019s sales report has rows for this month and the last 30 days', async () => {
    const { page, context, errors } = await demoPage('ada@bluethimble.test');
    await open(page, '/reports/sales?range=this-month');
    await page.getByRole('heading', { level: 1, name: 'Sales', exact: true }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    expect(await page.getByText('No sales in this period.').count()).toBe(0);
    await page.getByText("The chart's figures as a table").click();
    const table = page.getByRole('table', { name: /^Sales, / });
    // a header row and at least one day of this month, the first start's day included
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(1);
    const days = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.querySelector('td, th')?.textContent ?? ''));
    expect(days.length).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'Period' }).selectOption('last-30');
    await page.waitForURL(/range=last-30/);
    await expect.poll(() => table.getByRole('row').count(), { timeout: 20_000 }).toBeGreaterThan(5);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the library card and the download page show the same version; the cover of the downloaded PDF has the pattern\u2019s title', async () => {
    // Rosa's pattern that has had a second version since she bought it
    const [rosa] = await selectRows<{ id: string }>(backend, 'profiles?select=id&display_name=eq.Rosa%20Delgado');
    const owned = await selectRows<{ pattern_id: string; patterns: { title: string; current_version: number } }>(
      backend,
      `entitlements?select=pattern_id,patterns!inner(title,current_version)&user_id=eq.${rosa!.id}&revoked_at=is.null&patterns.current_version=gt.1`,
    );
    expect(owned.length).toBeGreaterThan(0);
    const {
      pattern_id: patternId,
      patterns: { title, current_version: version },
    } = owned[0]!;

    const { page, context, errors } = await demoPage('rosa@makers.test');
    await open(page, '/patterns/my-patterns');
    const card = page.locator(`li[data-pattern-id="${patternId}"]`);
    await card.getByText(`version ${version}`, { exact: false }).waitFor();
    await card.getByText('Updated', { exact: true }).waitFor();
    const cardVersion = /version (\d+)/.exec((await card.textContent()) ?? '')?.[1];
    expect(cardVersion).toBe(String(version));

    await card.getByRole('link', { name: `Download ${title}` }).click();
    await page.getByRole('heading', { level: 1, name: `Download “${title}”` }).waitFor();
    const files = page.getByRole('list', { name: 'Files by format' }).getByRole('listitem');
    await expect.poll(() => files.count()).toBeGreaterThan(0);
    const fileVersions = (await files.allTextContents()).map((text) => /version (\d+)/.exec(text)?.[1]);
    expect(fileVersions.length).toBeGreaterThan(0);
    for (const v of fileVersions) expect(v).toBe(cardVersion);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download A4 PDF' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`-a4-v${version}\\.pdf$`));
    const pages = await pageTexts(new Uint8Array(await readFile((await download.path())!)));
    const cover = pages[0]!.join(' ');
    // letter by letter; a standard font's curly quotes come back from pdf-text as C1 codes on this Node: any one glyph there
    expect(cover).toMatch(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '.')));
    expect(cover).toContain('Licensed to Rosa Delgado');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('what you get on a pattern page is the formats really attached, and no description promises a booklet', async () => {
    const [pattern] = await selectRows<{ id: string; title: string; formats: string[] }>(
      backend,
      'patterns?select=id,title,formats&status=eq.published&price_cents=gt.0&order=id&limit=1',
    );
    const { page, context } = await stack.newPage();
    await open(page, `/patterns/${pattern!.id}`);
    const section = page.locator('section', { has: page.getByRole('heading', { name: 'What you get' }) });
    await section.waitFor();
    expect(await section.getByRole('term').count()).toBe(pattern!.formats.length);
    expect(await page.getByText(/booklet/i).count()).toBe(0);
    await context.close();
  });
});
