// Stripe's test cards: what a card number does when it is charged.
export interface CardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name?: string;
  country?: string;
  /**
   * Paid through a wallet on the hosted page: Apple Pay and Google Pay hand over a tokenized card
   * (charged as a card, payment_method_details.card.wallet); PayPal is its own payment method.
   */
  wallet?: Wallet;
}

export const WALLETS = ['apple_pay', 'google_pay', 'paypal'] as const;
export type Wallet = (typeof WALLETS)[number];

export interface CardDecline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

export type CardBehaviour = { kind: 'succeeds' } | { kind: 'requires_authentication' } | { kind: 'declined'; decline: CardDecline };

/** Input problems the checkout form reports before anything is charged (Stripe.js does so client-side). */
export interface CardFieldError {
  field: 'number' | 'expiry' | 'cvc' | 'name';
  code: string;
  message: string;
}

export const testCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  authenticationRequired: '4000002500003155',
  /** Asks for 3-D Secure every time, so charges without the buyer (renewals) fail with authentication_required. */
  alwaysAuthenticate: '4000002760003184',
  mastercard: '5555555555554444',
  /** Saves as a card on file, but every charge to it is declined (renewal failures). */
  declinesWhenCharged: '4000000000000341',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
} as const;

export const authenticationFailure: CardDecline = {
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

export function normaliseNumber(number: string): string {
  return number.replace(/[\s-]/g, '');
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Parses "MM / YY", "MM/YYYY" or separate month and year. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

export function checkCardFields(card: CardInput, now: number): CardFieldError | undefined {
  const number = normaliseNumber(card.number);
  if (!/^\d{12,19}$/.test(number)) return { field: 'number', code: 'incomplete_number', message: 'Your card number is incomplete.' };
  if (!luhnValid(number)) return { field: 'number', code: 'incorrect_number', message: 'Your card number is invalid.' };
  if (!Number.isInteger(card.exp_month) || card.exp_month < 1 || card.exp_month > 12) {
    return { field: 'expiry', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid." };
  }
  const today = new Date(now * 1000);
  const expired = card.exp_year < today.getUTCFullYear() || (card.exp_year === today.getUTCFullYear() && card.exp_month < today.getUTCMonth() + 1);
  if (expired) return { field: 'expiry', code: 'invalid_expiry_year', message: "Your card's expiration year is in the past." };
  if (!/^\d{3,4}$/.test(card.cvc)) return { field: 'cvc', code: 'incomplete_cvc', message: "Your card's security code is incomplete." };
  return undefined;
}

export function cardBehaviour(number: string): CardBehaviour {
  switch (normaliseNumber(number)) {
    case testCards.succeeds:
    case testCards.mastercard:
    case '4000056655665556':
    case '378282246310005':
      return { kind: 'succeeds' };
    case testCards.authenticationRequired:
    case testCards.alwaysAuthenticate:
      return { kind: 'requires_authentication' };
    case testCards.declined:
    case testCards.declinesWhenCharged:
      return { kind: 'declined', decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } };
    case testCards.insufficientFunds:
      return { kind: 'declined', decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } };
    case testCards.expired:
      return { kind: 'declined', decline: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.', param: 'exp_month' } };
    case testCards.incorrectCvc:
      return {
        kind: 'declined',
        decline: { code: 'incorrect_cvc', decline_code: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' },
      };
    case testCards.processingError:
      return {
        kind: 'declined',
        decline: {
          code: 'processing_error',
          decline_code: 'processing_error',
          message: 'An error occurred while processing your card. Try again in a little bit.',
        },
      };
    default:
      // Stripe test mode refuses real card numbers
      return {
        kind: 'declined',
        decline: {
          code: 'card_declined',
          decline_code: 'test_mode_live_card',
          message:
            'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
        },
      };
  }
}

/** A charge without the buyer present (a renewal): 3184 cannot authenticate, 3155 was set up at checkout. */
export function offSessionBehaviour(number: string): CardBehaviour {
  if (normaliseNumber(number) === testCards.alwaysAuthenticate) {
    return {
      kind: 'declined',
      decline: {
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      },
    };
  }
  const behaviour = cardBehaviour(number);
  return behaviour.kind === 'requires_authentication' ? { kind: 'succeeds' } : behaviour;
}

/** Whether a card can be saved on file without a charge (Stripe: 0341 attaches, its charges fail). */
export function attachable(number: string): boolean {
  return cardBehaviour(number).kind !== 'declined' || normaliseNumber(number) === testCards.declinesWhenCharged;
}

export function brandOf(number: string): 'visa' | 'mastercard' | 'amex' | 'unknown' {
  const n = normaliseNumber(number);
  if (n.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(n)) return 'mastercard';
  if (/^3[47]/.test(n)) return 'amex';
  return 'unknown';
}
