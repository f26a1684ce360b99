// Pure parts of the payment functions: where the Stripe SDK is pointed, and the receipt's wording.
import { describe, expect, it } from 'vitest';
import { stripeEndpoint } from '../functions/_shared/stripe.ts';
import { receiptEmail, type ReceiptOrder } from '../functions/_shared/receipt.ts';

describe('stripeEndpoint', () => {
  it('points the SDK at the sandbox origin', () => {
    expect(stripeEndpoint('http://127.0.0.1:54330')).toEqual({ host: '127.0.0.1', port: 54330, protocol: 'http' });
    expect(stripeEndpoint('https://stripe.example.test')).toEqual({ host: 'stripe.example.test', port: 443, protocol: 'https' });
  });
  it('leaves real Stripe to the SDK defaults', () => {
    expect(stripeEndpoint(undefined)).toEqual({});
  });
});

describe('receiptEmail', () => {
  const order: ReceiptOrder = {
    id: '0f9a7c1e-5b1d-4c2a-9e3f-2a1b3c4d5e6f',
    number: 100042,
    invoice_number: 17,
    currency: 'EUR',
    subtotal_cents: 3200,
    discount_cents: 300,
    vat_cents: 463,
    vat_rate_bp: 1900,
    total_cents: 2900,
    buyer_country: 'DE',
    paid_at: '2026-11-23T10:00:00Z',
    items: [
      { pattern_id: 'p-1', title: 'Wrap <Dress>', kind: 'digital', quantity: 1, unit_price_cents: 1200, discount_cents: 300, vat_cents: 144 },
      { pattern_id: 'p-2', title: 'Harbour Coat', kind: 'wholesale_print', quantity: 5, unit_price_cents: 400, discount_cents: 0, vat_cents: 319 },
    ],
  };
  const mail = receiptEmail(order, 'https://stitchhouse.test');

  it('names the order, lists each line with its VAT and gives download links for digital patterns', () => {
    expect(mail.subject).toBe('Your Stitchhouse receipt — order 100042');
    expect(mail.text).toContain('Wrap <Dress>: €9.00 (VAT €1.44)');
    expect(mail.text).toContain('Download: https://stitchhouse.test/download/p-1');
    expect(mail.text).toContain('Harbour Coat — print licence × 5: €20.00 (VAT €3.19)');
    expect(mail.text).not.toContain('/download/p-2');
    expect(mail.text).toContain('Discount: −€3.00');
    expect(mail.text).toContain('VAT 19 % (Germany), included: €4.63');
    expect(mail.text).toContain('Total paid: €29.00');
    expect(mail.text).toContain('Your VAT invoice INV-000017 (PDF): https://stitchhouse.test/payment?order=0f9a7c1e-5b1d-4c2a-9e3f-2a1b3c4d5e6f');
  });

  it('escapes pattern titles in the HTML part', () => {
    expect(mail.html).toContain('Wrap &lt;Dress&gt;');
    expect(mail.html).not.toContain('<Dress>');
  });

  it('is written in the buyer’s language: words, money, dates and the VAT country', () => {
    const german = receiptEmail(order, 'https://stitchhouse.test', 'de');
    expect(german.subject).toBe('Deine Stitchhouse-Quittung – Bestellung 100042');
    expect(german.text).toContain('Danke für deine Bestellung 100042 vom 23. November 2026.');
    expect(german.text).toContain('Wrap <Dress>: 9,00\u00a0€'); // Intl keeps amount and sign together
    expect(german.text).toContain('(Deutschland)');
    expect(german.text).toContain('Bezahlt: 29,00\u00a0€');
    expect(german.html).toContain('<a href="https://stitchhouse.test/patterns/my-patterns">Bibliothek</a>');
    const french = receiptEmail(order, 'https://stitchhouse.test', 'fr');
    expect(french.text).toContain('Merci pour votre commande 100042 du 23 novembre 2026.');
    expect(receiptEmail(order, 'https://stitchhouse.test', 'pt').subject).toBe(mail.subject); // a language we do not speak: English
  });

  it('says plainly when there is no VAT', () => {
    const us = receiptEmail({ ...order, vat_cents: 0, vat_rate_bp: 0, buyer_country: 'US', currency: 'USD' }, 'https://stitchhouse.test');
    expect(us.text).toContain('VAT: $0.00');
  });
});
