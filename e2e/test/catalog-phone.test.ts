import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, routeHref } from '@stitchhouse/shared/routes.ts';
import { settledRoute, startE2EStack, type E2EStack } from '../src/harness.ts';
import { emailCode, expectNoSeriousA11yIssues, nextMail, uniqueEmail, PASSWORD as AUTH_PASSWORD } from './auth-support.ts';
import { createCatalog, insertRows, type CatalogFixture } from './catalog-find.fixtures.ts';
import { buy, coverPng, createPerson, insertRow, openScreen, passwordSession, selectRows, sessionStorageKey, type Backend } from './catalog-own.fixtures.ts';

// The catalog on a phone (results first, filters in a
// sheet, two cards per row), scroll to top on a new page and back to the list position on
// Back, no page wider than the screen, the pattern gallery (thumbnails, keys, swipe, zoom).
let stack: E2EStack;
let backend: Backend;
let catalog: CatalogFixture;
let gallery: string[];

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

async function uploadImage(path: string, bucket = 'pattern-images'): Promise<void> {
  const response = await fetch(`${backend.url}/storage/v1/object/${bucket}/${path}`, {
    method: 'POST',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'image/png' },
    body: new Uint8Array(coverPng()),
  });
  if (!response.ok) throw new Error(`image upload → ${response.status}: ${await response.text()}`);
}

beforeAll(async () => {
  stack = await startE2EStack({ backend: true });
  if (!stack.backend) throw new Error('the embedded backend did not start');
  backend = stack.backend as Backend;
  catalog = await createCatalog(backend);
  // Enough patterns for a long list (24 a page), and a cover plus two gallery photos on the wrap dress.
  await insertRows(
    backend,
    'patterns',
    Array.from({ length: 30 }, (_, i) => ({
      store_id: catalog.designerStore.id,
      currency: 'USD',
      status: 'published',
      languages: ['en'],
      title: `Everyday Pattern ${String(i + 1).padStart(2, '0')}`,
      craft: 'sewing',
      category: 'top',
      difficulty: 1 + (i % 5),
      price_cents: 500 + i * 10,
      formats: ['a4'],
    })),
  );
  gallery = ['cover', 'back', 'detail'].map((name) => `${catalog.designerStore.id}/${catalog.wrapDress}/${name}.png`);
  for (const path of gallery) await uploadImage(path);
  const response = await fetch(`${backend.url}/rest/v1/patterns?id=eq.${catalog.wrapDress}`, {
    method: 'PATCH',
    headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ cover_path: gallery[0], gallery_paths: gallery.slice(1) }),
  });
  if (!response.ok) throw new Error(`gallery paths → ${response.status}`);
  // A buyer's review with a photo of their finished make: the gallery shows it after the designer's photos.
  const maker = await createPerson(backend, 'maker', 'Rosa Maker');
  await buy(backend, maker.id, catalog.wrapDress, catalog.designerStore.id);
  const [entitlement] = await selectRows<{ id: string }>(backend, `entitlements?user_id=eq.${maker.id}&pattern_id=eq.${catalog.wrapDress}&select=id`);
  const makePath = `${catalog.wrapDress}/${maker.id}/make.png`;
  await uploadImage(makePath, 'review-photos');
  await insertRow(backend, 'reviews', {
    pattern_id: catalog.wrapDress,
    entitlement_id: entitlement!.id,
    author_id: maker.id,
    rating: 5,
    body: 'Lovely fit.',
    photo_paths: [makePath],
  });
});

afterAll(async () => {
  await stack?.stop();
});

async function pageWith(options: BrowserContextOptions) {
  const context = await stack.browser.newContext(options);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
const cardColumns = (page: Page) =>
  page.evaluate(
    () => new Set([...document.querySelectorAll('[data-testid="pattern-card"]')].slice(0, 6).map((card) => Math.round(card.getBoundingClientRect().left))).size,
  );

describe('the catalog on a phone (390×844)', () => {
  it('shows results first, two cards per row, and the filters in a sheet behind "Filters (n)"', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    await openScreen(stack, page, '/patterns');
    await page.getByTestId('pattern-card').first().waitFor();
    // Results start within the first screen; the fits-me form is not on the page until asked for.
    const firstCardTop = await page
      .getByTestId('pattern-card')
      .first()
      .evaluate((card) => card.getBoundingClientRect().top + window.scrollY);
    expect(firstCardTop).toBeLessThan(844);
    expect(await page.getByTestId('fits-me').count()).toBe(0);
    expect(await cardColumns(page)).toBe(2);
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);

    const button = page.getByRole('button', { name: 'Filters', exact: true });
    await button.click();
    const sheet = page.getByRole('dialog', { name: /Filters/ });
    await sheet.waitFor();
    await sheet.getByTestId('fits-me').waitFor();
    await expectNoSeriousA11yIssues(page);
    // Focus stays in the sheet (the page behind is inert): tabbing never reaches the header.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('dialog') || document.activeElement === document.body)).toBe(true);
    }
    await sheet.getByRole('combobox', { name: 'Difficulty', exact: false }).first().waitFor();
    // Controlled by the URL: the box is ticked once the address says so.
    await sheet.getByRole('checkbox', { name: /Free/ }).click();
    await page.waitForURL(/free=1/);
    await expect.poll(() => sheet.getByRole('checkbox', { name: /Free/ }).isChecked()).toBe(true);
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    // Escape closed it, focus is back on the button, which now counts the active filter.
    await page.getByRole('button', { name: 'Filters (1)' }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filters-button');
    await page.getByRole('heading', { level: 3, name: 'Market Tote Bag' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens a pattern at the top, and Back returns to the same place in the list', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    await openScreen(stack, page, '/patterns?sort=title');
    await page.getByTestId('pattern-card').nth(20).waitFor();
    const card = page.getByTestId('pattern-card').nth(12);
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 200));
    const listY = await page.evaluate(() => window.scrollY);
    expect(listY).toBeGreaterThan(1500);
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.getByTestId('pattern-card').nth(20).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, listY, { timeout: 10_000 });

    // A reload returns there too (the tab's stored positions, read on the reload); the same
    // address opened anew starts at the top.
    await page.reload();
    await page.getByTestId('pattern-card').nth(20).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, listY, { timeout: 10_000 });
    await page.goto(page.url());
    await page.getByTestId('pattern-card').nth(20).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps every route within the screen width', async () => {
    const { page, context } = await pageWith(PHONE);
    const signedIn = await pageWith(PHONE);
    const session = await passwordSession(backend, catalog.buyerEmail);
    await signedIn.page.goto(`${stack.shellUrl}/about`);
    await signedIn.page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [sessionStorageKey(backend), JSON.stringify(session)]);
    const paths = [
      ...ROUTES.map((route) => ({ href: routeHref(route), signIn: route.signIn })),
      { href: `/patterns/${catalog.wrapDress}`, signIn: false },
      { href: `/stores/${catalog.designerStore.slug}`, signIn: false },
    ];
    const wide: string[] = [];
    // Three pages at once (two signed out, one signed in) keep the loop short.
    const second = await pageWith(PHONE);
    const queues = [paths.filter((p) => p.signIn), ...[0, 1].map((n) => paths.filter((p, i) => !p.signIn && i % 2 === n))];
    const pages = [signedIn.page, page, second.page];
    await Promise.all(
      queues.map(async (queue, q) => {
        const on = pages[q]!;
        for (const { href } of queue) {
          await on.goto(stack.shellUrl + href);
          await settledRoute(on);
          const width = await pageWidth(on);
          if (width > 390) wide.push(`${href}: ${width}px`);
        }
      }),
    );
    await second.context.close();
    expect(wide).toEqual([]);
    await context.close();
    await signedIn.context.close();
  });
});

describe('the pattern gallery', () => {
  it('shows every photo in the designer’s order, with thumbnails, arrow keys, swipe and zoom', async () => {
    const { page, context, errors } = await pageWith(DESKTOP);
    await openScreen(stack, page, `/patterns/${catalog.wrapDress}`);
    const thumbs = page.getByTestId('gallery-thumb');
    // cover, two gallery photos, then the maker's photo from their review
    await expect.poll(() => thumbs.count()).toBe(4);
    const position = page.getByTestId('gallery-position');
    expect(await position.textContent()).toBe('Photo 1 of 4');
    expect(await page.getByTestId('gallery-strip').locator('figcaption').allTextContents()).toEqual(['Made by Rosa Maker']);
    await expect.poll(() => page.getByTestId('gallery-photo').first().locator('img').getAttribute('src')).toContain('cover.png');

    // Thumbnails: a toolbar; arrow keys move along it.
    await thumbs.nth(1).click();
    await expect.poll(() => position.textContent()).toBe('Photo 2 of 4');
    // ArrowRight at once, while the smooth scroll to photo 2 is still running: its late scroll
    // events must not set the position back (stripPosition.ts), now or once the strip rests.
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => position.textContent()).toBe('Photo 3 of 4');
    const strip = page.getByTestId('gallery-strip');
    await expect
      .poll(async () => {
        const before = await strip.evaluate((el) => el.scrollLeft);
        await page.waitForTimeout(150);
        return before === (await strip.evaluate((el) => el.scrollLeft));
      })
      .toBe(true);
    expect(await position.textContent()).toBe('Photo 3 of 4');
    expect(await thumbs.nth(2).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(() => position.textContent()).toBe('Photo 1 of 4');

    // A swipe scrolls the strip; the photo that snaps into view becomes the current one.
    await page.getByTestId('gallery-strip').evaluate((strip) => strip.scrollTo({ left: strip.clientWidth }));
    await expect.poll(() => position.textContent()).toBe('Photo 2 of 4');
    await expect.poll(() => thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');

    // Zoom: a dialog with the large photo; a click magnifies it; arrows change photo; Escape closes and returns focus.
    const opener = page.getByRole('button', { name: /Enlarge: Linen Wrap Dress, photo 2 of 3/ });
    await opener.click();
    const zoom = page.getByTestId('gallery-zoom');
    await zoom.waitFor();
    await expectNoSeriousA11yIssues(page);
    const image = page.getByTestId('gallery-zoom-image');
    const before = (await image.boundingBox())!.width;
    await page.getByTestId('gallery-zoom-toggle').click();
    await expect.poll(async () => (await image.boundingBox())!.width).toBeGreaterThan(before * 1.5);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => image.getAttribute('src')).toContain('detail.png');
    await page.keyboard.press('Escape');
    await zoom.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('gallery-photo');

    // The yardage calculator lists sizes in size order and offers no width it has no amount for
    // (the lining is listed from 140 cm, so 90 and 112 cm are not offered).
    const calculator = page.getByTestId('yardage-calculator');
    expect(await calculator.getByLabel('Size').locator('option').allTextContents()).toEqual(['XS', 'S', 'M', 'L']);
    const widths = await calculator
      .getByLabel('Fabric width')
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(widths).toEqual(['140', '150', '275']);
    expect(await calculator.getByTestId('yardage-result').textContent()).not.toContain('no amount');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('desktop catalog', () => {
  it('keeps the filters beside the results and the card titles show keyboard focus', async () => {
    const { page, context } = await pageWith(DESKTOP);
    await openScreen(stack, page, '/patterns');
    await page.getByRole('complementary', { name: 'Filters' }).getByTestId('fits-me').waitFor();
    expect(await page.getByTestId('filters-button').count()).toBe(0);
    const link = page.getByTestId('pattern-card').first().getByRole('link').first();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const outline = await page
      .getByTestId('pattern-card')
      .first()
      .evaluate((card) => getComputedStyle(card).outlineStyle);
    expect(outline).toBe('solid');
    await context.close();
  });
});

describe('unknown addresses', () => {
  it('answer 404 from the static server, with noindex on the not-found screen', async () => {
    const response = await fetch(`${stack.shellUrl}/no-such-page`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<div id="root">');
    expect((await fetch(`${stack.shellUrl}/patterns/search`)).status).toBe(200);
    expect((await fetch(`${stack.shellUrl}/patterns/${catalog.wrapDress}`)).status).toBe(200);
    const icon = await fetch(`${stack.shellUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toMatch(/image\//);

    const { page, context } = await pageWith(DESKTOP);
    for (const path of ['/no-such-page', '/patterns/00000000-0000-4000-8000-00000000dead', '/stores/no-such-store']) {
      await page.goto(stack.shellUrl + path);
      await settledRoute(page);
      await page.locator('meta[name="robots"][content="noindex"]').first().waitFor({ state: 'attached' });
    }
    await context.close();
  });
});

describe('smaller fixes', () => {
  it('confirms a sign-up with the 6-digit code from the email', async () => {
    const email = uniqueEmail('code-confirm');
    const signUp = await fetch(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: AUTH_PASSWORD }),
    });
    expect(signUp.ok).toBe(true);
    const code = emailCode(await nextMail(backend, email));
    const { page, context } = await pageWith(DESKTOP);
    await openScreen(stack, page, '/sign-up/thank-you');
    const form = page.getByRole('form', { name: 'Confirm with the code from the email' });
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('6-digit code').fill(code);
    await form.getByRole('button', { name: 'Confirm my email' }).click();
    await page.getByRole('heading', { level: 1, name: /^Welcome to Stitchhouse/ }).waitFor();
    const [user] = await (
      await fetch(`${backend.url}/auth/v1/admin/users?per_page=200`, {
        headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
      })
    )
      .json()
      .then((b: { users: { email: string; email_confirmed_at: string | null }[] }) => b.users.filter((u) => u.email === email));
    expect(user?.email_confirmed_at).toBeTruthy();
    await context.close();
  });

  it('shows focus on the password field and its Show button', async () => {
    const { page, context } = await pageWith(DESKTOP);
    await openScreen(stack, page, '/sign-in');
    await page.locator('#sign-in-email').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-password');
    expect(await page.locator('#sign-in-password').evaluate((el) => getComputedStyle(el).boxShadow)).not.toBe('none');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/^Show/);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).boxShadow)).not.toBe('none');
    await context.close();
  });

  it('"My store" labels its checkboxes for screen readers only and is not "Catalog" in the header', async () => {
    const { page, context } = await pageWith(DESKTOP);
    const session = await passwordSession(backend, 'designer@catalog-find.test');
    await page.goto(`${stack.shellUrl}/about`);
    await page.evaluate(([k, v]) => localStorage.setItem(k!, v!), [sessionStorageKey(backend), JSON.stringify(session)]);
    await openScreen(stack, page, '/patterns/my-store');
    const box = page.getByRole('checkbox', { name: 'Select Linen Wrap Dress' });
    await box.waitFor();
    // The label is there for assistive technology but takes no room on screen.
    const label = await box.evaluate((el) => {
      const r = (el as HTMLInputElement).labels![0]!.getBoundingClientRect();
      return r.width * r.height;
    });
    expect(label).toBeLessThanOrEqual(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).locator('[aria-current]').count()).toBe(0);
    await expectNoSeriousA11yIssues(page);
    await context.close();
  });
});

describe('covers at the size they are shown', () => {
  /** Storage renders the page fetched, with the type each was served as. */
  function renders(page: Page): Map<string, string | undefined> {
    const seen = new Map<string, string | undefined>();
    page.on('response', (r) => {
      if (r.url().includes('/storage/v1/render/image/public/')) seen.set(r.url(), r.headers()['content-type']);
    });
    return seen;
  }

  it('loads the first card’s cover at once, from a srcset of Storage renders, as a WebP the card’s width', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    const served = renders(page);
    await openScreen(stack, page, '/patterns?q=linen%20wrap');
    const card = page.getByTestId('pattern-card').first();
    await card.getByRole('heading', { name: 'Linen Wrap Dress' }).waitFor();
    const img = card.locator('img');
    expect(await img.getAttribute('loading')).toBe('eager');
    expect(await img.getAttribute('fetchpriority')).toBe('high');
    expect(await img.getAttribute('srcset')).toMatch(/\/storage\/v1\/render\/image\/public\/pattern-images\/[^ ]+\/cover\.png\?width=200 200w, /);
    expect(await img.getAttribute('sizes')).toContain('50vw');
    // The reserved box keeps the 4:5 shape (no layout shift when the image arrives).
    expect(Number(await img.getAttribute('height')) / Number(await img.getAttribute('width'))).toBe(1.25);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    // 390 px at 2×: the image is 50vw − 2.5rem = 155 CSS px (what sizes says) → 310 device px → the 320 w render.
    expect(Math.abs((await img.evaluate((el) => el.getBoundingClientRect().width)) - (390 / 2 - 40))).toBeLessThanOrEqual(1);
    const current = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(current).toMatch(/\/render\/image\/public\/pattern-images\/.+\/cover\.png\?width=320$/);
    expect(served.get(current)).toBe('image/webp');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fetches the grid’s first cover before the others, which wait in their reserved boxes', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    // Hold the first cover's render on the wire until the test lets it through.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let heldUrl = '';
    await page.route('**/storage/v1/render/image/public/**', async (route) => {
      if (!heldUrl) {
        heldUrl = route.request().url();
        await held;
      }
      await route.continue();
    });
    // Thirty patterns with a cover each (their own objects, so no two covers share a cached request).
    const everyday = await selectRows<{ id: string }>(backend, `patterns?title=like.Everyday*&select=id`);
    for (const [i, { id }] of everyday.entries()) {
      const path = `${catalog.designerStore.id}/${id}/cover-${i}.png`;
      await uploadImage(path);
      const patched = await fetch(`${backend.url}/rest/v1/patterns?id=eq.${id}`, {
        method: 'PATCH',
        headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ cover_path: path }),
      });
      if (!patched.ok) throw new Error(`cover path → ${patched.status}`);
    }
    await openScreen(stack, page, '/patterns?q=everyday');
    const cards = page.getByTestId('pattern-card');
    await cards.nth(3).waitFor();
    await expect.poll(() => heldUrl).not.toBe('');
    expect(await cards.first().locator('img').count()).toBe(1);
    // The others have no image yet (no request competes with the first), but keep their 4:5 box.
    expect(await cards.nth(1).locator('img').count()).toBe(0);
    const box = await cards
      .nth(1)
      .getByTestId('pattern-cover')
      .evaluate((cover) => cover.getBoundingClientRect());
    expect(Math.round((box.height / box.width) * 100) / 100).toBe(1.25);
    release();
    await expect.poll(() => cards.nth(1).locator('img').count()).toBe(1);
    expect(await cards.nth(1).locator('img').getAttribute('loading')).toBe('eager');
    expect(await cards.nth(5).locator('img').getAttribute('loading')).toBe('lazy');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('loads the description’s markdown renderer only as the description comes near (plain paragraphs until then, no shift)', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    const plan = JSON.parse(readFileSync(join(stack.apps.dirs.shell, 'boot-plan.json'), 'utf8')) as { provided: Record<string, string[]> };
    const markdownFiles = plan.provided['@stitchhouse/shared/ui/Markdown.tsx']!.filter((file) => file.endsWith('.js'));
    expect(markdownFiles.length).toBeGreaterThan(0);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname.slice(1)));
    const markdownRequests = () => requested.filter((file) => markdownFiles.includes(file)).length;
    await openScreen(stack, page, `/patterns/${catalog.wrapDress}`);
    const description = page.getByTestId('description');
    expect(await description.locator('p').first().textContent()).toBe('A **breezy** wrap dress.'); // its words, at once
    await page.waitForLoadState('networkidle');
    expect(markdownRequests()).toBe(0);
    expect(await description.locator('strong').count()).toBe(0);

    // Scrolled to just above the description (off-screen, within the quarter screen ahead): the renderer loads and swaps in.
    await page.evaluate(() => {
      (window as { shifts?: number }).shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) (window as { shifts?: number }).shifts! += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: 'layout-shift' });
      const top = document.querySelector('[data-testid="description"]')!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo(0, top - window.innerHeight - 100);
    });
    await description.locator('strong').waitFor({ state: 'attached' });
    expect(markdownRequests()).toBeGreaterThan(0);
    await description.scrollIntoViewIfNeeded();
    expect(await description.locator('strong').textContent()).toBe('breezy');
    expect(await description.locator('li').count()).toBe(2);
    expect(await description.locator('script, img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { shifts?: number }).shifts)).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('gives the pattern page’s main photo high priority and a WebP render for the phone’s width', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    const served = renders(page);
    await openScreen(stack, page, `/patterns/${catalog.wrapDress}`);
    const main = page.getByTestId('gallery-photo').first().locator('img');
    await main.waitFor();
    expect(await main.getAttribute('fetchpriority')).toBe('high');
    expect(await main.getAttribute('loading')).toBe('eager');
    await expect.poll(() => main.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
    // calc(100vw − 4rem) = 326 CSS px at 2× → 652 → the 800 w render.
    expect(Math.abs((await main.evaluate((el) => el.getBoundingClientRect().width)) - (390 - 64))).toBeLessThanOrEqual(1);
    const current = await main.evaluate((el: HTMLImageElement) => el.currentSrc);
    expect(current).toMatch(/\/render\/image\/public\/pattern-images\/.+\/cover\.png\?width=800$/);
    expect(served.get(current)).toBe('image/webp');
    // Thumbnails are small renders too, and load lazily.
    const thumb = page.getByTestId('gallery-thumb').nth(1).locator('img');
    expect(await thumb.getAttribute('srcset')).toContain('back.png?width=120 120w');
    expect(await thumb.getAttribute('loading')).toBe('lazy');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('carries the first reads of the catalog, a store and a pattern page in the page: the screen asks the backend for none of them', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/rest/v1/')) asked.push(`${request.method()} ${url.pathname.slice('/rest/v1/'.length)}`);
    });
    // What the server carries for these pages (scripts/route-hints.mjs FIRST_SCREENS), preflights included.
    const carried = /^(GET|POST|OPTIONS) (rpc\/search_patterns|currency_rates|search_terms|stores|rpc\/store_follower_count|patterns)$/;
    const screens = [
      { path: '/patterns', ready: () => page.getByTestId('pattern-card').nth(23).waitFor() },
      { path: `/stores/${catalog.designerStore.slug}`, ready: () => page.getByTestId('pattern-card').first().waitFor() },
      { path: `/patterns/${catalog.wrapDress}`, ready: () => page.getByTestId('gallery-photo').first().waitFor() },
    ];
    for (const screen of screens) {
      // The page waits only briefly for the backend (a busy one sends it without them): try a few loads.
      let withReads = false;
      for (let attempt = 0; attempt < 5 && !withReads; attempt++) {
        asked.length = 0;
        await openScreen(stack, page, screen.path);
        await screen.ready();
        await page.waitForLoadState('networkidle');
        withReads = await page.evaluate(() => document.getElementById('stitchhouse-reads') !== null);
      }
      expect(withReads, screen.path).toBe(true);
      expect(
        asked.filter((request) => carried.test(request)),
        screen.path,
      ).toEqual([]);
    }
    // Prices in a currency this browser chose (not the one its languages suggest): the catalog asks for them.
    await page.evaluate(() => localStorage.setItem('stitchhouse.currency', 'EUR'));
    asked.length = 0;
    await openScreen(stack, page, '/patterns');
    await page.getByTestId('pattern-card').nth(23).waitFor();
    expect(asked).toContain('GET rpc/search_patterns');
    await expect.poll(() => page.getByTestId('pattern-card').first().textContent()).toContain('€');
    expect(errors).toEqual([]);
    await context.close();
  });

  // (after the grid test above, which gave every pattern of the designer's store a cover)
  it('preloads the largest image of a pattern page, the catalog and a store from the page itself: the one the page shows, fetched once, painted by the skeleton before the screen', async () => {
    const { page, context, errors } = await pageWith(PHONE);
    // The covers the shell's skeleton painted (features/layout/LeadCoverSkeleton.tsx), in load order.
    await page.addInitScript(() => {
      const painted: string[] = [];
      (window as unknown as { skeletonCovers: string[] }).skeletonCovers = painted;
      document.addEventListener(
        'load',
        (event) => {
          const img = event.target;
          if (img instanceof HTMLImageElement && img.closest('[aria-busy="true"]')) painted.push(img.currentSrc);
        },
        true,
      );
    });
    const files: string[] = [];
    page.on('request', (request) => {
      if (/\.(js|css|json)$/.test(new URL(request.url()).pathname)) files.push(request.url());
    });
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const images: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'image') images.push(request.url());
    });
    const screens = [
      { path: `/patterns/${catalog.wrapDress}`, img: () => page.getByTestId('gallery-photo').first().locator('img') },
      { path: '/patterns', img: () => page.getByTestId('pattern-card').first().locator('img') },
      { path: `/stores/${catalog.designerStore.slug}`, img: () => page.getByTestId('pattern-card').first().locator('img') },
    ];
    for (const screen of screens) {
      images.length = 0;
      // The page waits briefly for the backend; a late answer serves the next visitor.
      const sentPage = () => fetch(stack.shellUrl + screen.path).then((response) => response.text());
      await expect
        .poll(sentPage, { timeout: 10_000 })
        .toMatch(/<link rel="preload" as="image" href="[^"]+" imagesrcset="[^"]+" imagesizes="[^"]+" fetchpriority="high" data-cover-slot="\w+">/);
      files.length = 0;
      await openScreen(stack, page, screen.path);
      const img = screen.img();
      await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBeGreaterThan(0);
      const current = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
      // The page's <img> took the preloaded response: one request, started by the <link>.
      expect(
        images.filter((url) => url === current),
        screen.path,
      ).toHaveLength(1);
      expect(
        await page.evaluate((url) => performance.getEntriesByName(url).map((entry) => (entry as PerformanceResourceTiming).initiatorType), current),
      ).toEqual(['link']);
      // The skeleton showed that very cover first; the remote's files, hinted once it had painted, came once each.
      expect(await page.evaluate(() => (window as unknown as { skeletonCovers: string[] }).skeletonCovers), screen.path).toEqual([current]);
      expect(
        files.filter((url, i) => files.indexOf(url) !== i),
        screen.path,
      ).toEqual([]);
      expect(
        files.some((url) => url.endsWith('/remoteEntry.js')),
        screen.path,
      ).toBe(true);
    }
    // Chromium warns a few seconds after load about a preload nobody used.
    await page.waitForTimeout(3500);
    expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
