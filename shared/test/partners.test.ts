import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLANS, REFERRAL_ATTRIBUTION_DAYS, RESELLER_COMMISSION_BP, commissionExample, lineFee, quoteCart, resellerCommission } from '../src/pricing.ts';
import { REFERRAL_STORAGE_KEY, captureReferral, referralCodeFrom, referralLink, rememberReferral, rememberedReferral } from '../src/partners/referral.ts';
import { partnerApplicationSchema } from '../src/partners/applications.ts';

class MemoryStorage {
  readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
}

const CLICK_A = '11111111-1111-4111-8111-111111111111';
const CLICK_B = '22222222-2222-4222-8222-222222222222';
const DAY = 86_400_000;

describe('reseller commission', () => {
  it('is RESELLER_COMMISSION_BP of the platform fee, never above it, for every fee up to €1,000', () => {
    for (let fee = 0; fee <= 100_000; fee += 37) {
      const c = resellerCommission(fee);
      expect(c).toBeLessThanOrEqual(fee);
      expect(c).toBe(Math.min(fee, Math.floor((fee * RESELLER_COMMISSION_BP + 5_000) / 10_000)));
    }
  });

  it('leaves the designer share of the worked example as the quote without a referral', () => {
    for (const row of commissionExample(1200, 'EUR', 'DE')) {
      const line = quoteCart([{ patternId: 'p', storeId: 's', plan: row.planId, unitPriceCents: 1200, quantity: 1 }], { currency: 'EUR', country: 'DE' })
        .lines[0]!;
      expect(row.designerShareCents).toBe(line.designerShareCents);
      expect(row.platformFeeCents).toBe(lineFee(line.totalCents - line.vatCents, 'EUR', row.planId));
      expect(row.commissionCents + row.platformKeepsCents).toBe(row.platformFeeCents);
      expect(PLANS[row.planId].name).toBe(row.planName);
    }
  });
});

describe('referral links', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    (globalThis as { localStorage?: unknown }).localStorage = storage;
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('reads ?ref= in any case and refuses what cannot be a code', () => {
    expect(referralCodeFrom('?ref=thread7k2q')).toBe('THREAD7K2Q');
    expect(referralCodeFrom('?x=1&ref=%20ABCD%20')).toBe('ABCD');
    expect(referralCodeFrom('?ref=ab')).toBeNull();
    expect(referralCodeFrom('?ref=<script>')).toBeNull();
    expect(referralCodeFrom('?other=1')).toBeNull();
    expect(referralLink('https://stitchhouse.example', '/patterns?craft=sewing', 'ABCD')).toBe('https://stitchhouse.example/patterns?craft=sewing&ref=ABCD');
  });

  it('remembers the last recorded click for the attribution window only', async () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const answers = [CLICK_A, CLICK_B];
    const client = async () => ({ rpc: async () => ({ data: answers.shift() ?? null, error: null }) });
    await captureReferral({ search: '?ref=AAAA1', pathname: '/' }, client, () => now);
    await captureReferral({ search: '?ref=BBBB2', pathname: '/patterns' }, client, () => now + DAY);
    expect(rememberedReferral(now + 2 * DAY)).toEqual({ code: 'BBBB2', clickId: CLICK_B, clickedAt: new Date(now + DAY).toISOString() });
    // an unknown code (the database answers null) keeps the earlier click
    await captureReferral({ search: '?ref=NOPE1', pathname: '/' }, client, () => now + 2 * DAY);
    expect(rememberedReferral(now + 2 * DAY)?.code).toBe('BBBB2');
    // past the window it is forgotten
    expect(rememberedReferral(now + DAY + REFERRAL_ATTRIBUTION_DAYS * DAY + 1)).toBeNull();
    expect(storage.getItem(REFERRAL_STORAGE_KEY)).toBeNull();
  });

  it('drops a tampered value', () => {
    storage.setItem(REFERRAL_STORAGE_KEY, '{"code":"ok","clickId":"x"}');
    expect(rememberedReferral()).toBeNull();
    rememberReferral({ code: 'ABCD', clickId: CLICK_A, clickedAt: new Date().toISOString() });
    expect(rememberedReferral()?.clickId).toBe(CLICK_A);
  });
});

describe('partner application form', () => {
  it('requires company, website, audience and country', () => {
    const ok = partnerApplicationSchema.safeParse({
      company: 'Thread & Co',
      website: 'https://thread.example',
      audience: 'Sewing newsletter, 8,000 readers',
      country: 'nl',
      message: '',
    });
    expect(ok.success && ok.data.country).toBe('NL');
    const bad = partnerApplicationSchema.safeParse({ company: 'T', website: 'thread.example', audience: 'small', country: '', message: '' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues.map((i) => i.path[0])).toEqual(['company', 'website', 'audience', 'country']);
  });
});
