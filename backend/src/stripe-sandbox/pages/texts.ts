// What the hosted pages say, in the languages of a session's `locale` that Stitchhouse speaks
// (en, de, fr, es, nl; Stripe's other locales show English). `auto` or none: the browser's
// Accept-Language, as Stripe's pages do. Each language writes its whole sentences; amounts and
// dates are formatted with the language (Intl), never written into a text.
import { html } from 'hono/html';
import { DEFAULT_LOCALE, isLocale, matchLocale, type Locale } from '../../../../shared/src/i18n/locales.ts';
import type { Markup } from './layout.ts';

/** The page's language: the session's locale when Stitchhouse speaks its language, else (auto, none) the browser's. */
export function pageLanguage(locale: string | null | undefined, acceptLanguage: string | undefined): Locale {
  if (locale && locale !== 'auto') {
    const language = locale.split('-')[0];
    return isLocale(language) ? language : DEFAULT_LOCALE;
  }
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.map((r) => /^q=([\d.]+)$/.exec(r.trim())?.[1]).find(Boolean);
      return { tag: tag!, q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.tag !== '*')
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
  return matchLocale(tags) ?? DEFAULT_LOCALE;
}

/** The Intl locale amounts and dates are written in (English as the pages always wrote them). */
export function intlLocale(lang: Locale): string {
  return lang === 'en' ? 'en-IE' : lang;
}

type Interval = string | null | undefined;

/**
 * What the pages say for a card error, by Stripe's `decline_code` (else its `code`): Checkout shows
 * its own words in the session's locale, while the API's error keeps Stripe's English `message`.
 */
export const CARD_ERRORS = [
  'generic_decline',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'processing_error',
  'test_mode_live_card',
  'authentication_required',
  'payment_intent_authentication_failure',
  'incomplete_number',
  'incorrect_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'incomplete_cvc',
  'email_invalid',
  'payment_method_unavailable',
] as const;
type CardError = (typeof CARD_ERRORS)[number];

export interface Texts {
  sandboxBadge: string;
  titleSuffix: string;
  errorPrefix: string;
  payTitle: string;
  expiredTitle: string;
  completeTitle: string;
  notFoundTitle: string;
  notFoundText: string;
  expiredHeading: string;
  expiredText: string;
  returnToStitchhouse: string;
  completeHeading: string;
  completeText: string;
  continueToStitchhouse: string;
  paymentFailed: (reason: string) => Markup;
  orderSummary: string;
  orderSummarySubscription: string;
  item: string;
  qty: string;
  amount: string;
  perInterval: (interval: Interval) => string;
  vat: string;
  vatRate: (rate: string, included: boolean) => string;
  tax: string;
  taxFromCountry: string;
  total: string;
  expressCheckout: string;
  walletEmail: string;
  orPayWithCard: string;
  paymentDetails: string;
  email: string;
  receiptTo: (email: string) => Markup;
  emailOnFile: string;
  country: string;
  pay: (amount: string) => string;
  cancelAndReturnToStitchhouse: string;
  cardNumber: string;
  testCardsHint: string;
  expiry: string;
  expiryPlaceholder: string;
  cvc: string;
  nameOnCard: string;
  enterExpiry: string;
  enterName: string;
  enterEmail: string;
  chooseWallet: string;
  paypalApprove: (amount: string) => Markup;
  paypalHint: Markup;
  approveAndPay: string;
  cancelAndReturn: string;
  secureTitle: string;
  secureText: (amount: string) => Markup;
  secureHint: Markup;
  completeAuthentication: string;
  failAuthentication: string;
  // the billing portal
  billingTitle: string;
  portalNotFoundTitle: string;
  portalNotFoundText: string;
  portalHeading: string;
  notices: { plan: string; cancel: string; resume: string; card: string };
  cannotChange: string;
  cardNotUpdated: (reason: string) => string;
  cardErrors: Record<CardError, string>;
  signedInAs: (who: string) => Markup;
  noSubscription: string;
  paymentMethod: string;
  cardEnding: (last4: string) => string;
  noCard: string;
  updateCard: string;
  subscription: string;
  price: string;
  pricePer: (amount: string, interval: Interval) => string;
  status: string;
  overdue: string;
  cancelsOn: (date: string) => string;
  renewsOn: (date: string) => string;
  changePlan: string;
  currentPlan: string;
  updatePlan: string;
  keepPlan: Markup;
  cancelAtPeriodEnd: string;
  // an invoice's proration lines (Stripe writes them in the customer's preferred_locales)
  invoice: {
    unusedTime: (quantity: number, item: string, day: string) => string;
    remainingTime: (quantity: number, item: string, day: string) => string;
  };
  // Connect onboarding (its language is the browser's, as on Stripe's hosted onboarding)
  onboarding: {
    title: string;
    heading: string;
    intro: (email: string | null | undefined) => Markup;
    correctField: string;
    legalName: string;
    account: string;
    testValue: (iban: string) => string;
    submit: string;
    linkNotFound: string;
    linkNotValid: string;
    enterLegalName: string;
    enterAccount: string;
  };
}

const en: Texts = {
  sandboxBadge: 'Stripe sandbox · test mode',
  titleSuffix: 'Stitchhouse sandbox',
  errorPrefix: 'Error: ',
  payTitle: 'Pay Stitchhouse',
  expiredTitle: 'Checkout expired',
  completeTitle: 'Checkout complete',
  notFoundTitle: 'Checkout not found',
  notFoundText: 'This payment link is not valid.',
  expiredHeading: 'This checkout has expired',
  expiredText: 'The time to pay for this order ran out, so nothing was charged.',
  returnToStitchhouse: 'Return to Stitchhouse',
  completeHeading: 'This checkout is complete',
  completeText: 'Your payment went through.',
  continueToStitchhouse: 'Continue to Stitchhouse',
  paymentFailed: (reason) => html`<strong>Payment failed.</strong> ${reason} Try another card, or cancel and return.`,
  orderSummary: 'Order summary',
  orderSummarySubscription: 'Order summary (subscription)',
  item: 'Item',
  qty: 'Qty',
  amount: 'Amount',
  perInterval: (interval) => `per ${interval}`,
  vat: 'VAT',
  vatRate: (rate, included) => (included ? `VAT (${rate}, included)` : `VAT (${rate})`),
  tax: 'Tax',
  taxFromCountry: 'Calculated from your country',
  total: 'Total',
  expressCheckout: 'Express checkout',
  walletEmail: 'Email your wallet shares',
  orPayWithCard: 'Or pay with card',
  paymentDetails: 'Payment details',
  email: 'Email',
  receiptTo: (email) => html`Receipt to <strong>${email}</strong>`,
  emailOnFile: 'the email on file',
  country: 'Country',
  pay: (amount) => `Pay ${amount}`,
  cancelAndReturnToStitchhouse: 'Cancel and return to Stitchhouse',
  cardNumber: 'Card number',
  testCardsHint: 'Test cards: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure.',
  expiry: 'Expiry (MM / YY)',
  expiryPlaceholder: 'MM / YY',
  cvc: 'Security code (CVC)',
  nameOnCard: 'Name on card',
  enterExpiry: 'Enter the expiry date as MM / YY.',
  enterName: 'Enter the name on the card.',
  enterEmail: 'Enter a valid email address.',
  chooseWallet: 'Choose Apple Pay, Google Pay or PayPal.',
  paypalApprove: (amount) => html`Approve the payment of <strong>${amount}</strong> to Stitchhouse with your PayPal account.`,
  paypalHint: html`This is the sandbox's stand-in for PayPal's page: approve, or cancel and go back to the payment page.`,
  approveAndPay: 'Approve and pay',
  cancelAndReturn: 'Cancel and return',
  secureTitle: '3-D Secure authentication',
  secureText: (amount) => html`Your bank asks you to confirm the payment of <strong>${amount}</strong> to Stitchhouse.`,
  secureHint: html`This is the sandbox's stand-in for the bank's page: choose whether the authentication succeeds.`,
  completeAuthentication: 'Complete authentication',
  failAuthentication: 'Fail authentication',
  billingTitle: 'Billing',
  portalNotFoundTitle: 'Billing portal not found',
  portalNotFoundText: 'This link is not valid.',
  portalHeading: 'Manage your Stitchhouse plan',
  notices: {
    plan: 'Your plan was changed.',
    cancel: 'Your subscription will end at the end of the current period.',
    resume: 'Your subscription will continue.',
    card: 'Your card was updated.',
  },
  cannotChange: 'That subscription cannot be changed here.',
  cardNotUpdated: (reason) => `Your card was not updated: ${reason}`,
  cardErrors: {
    generic_decline: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    expired_card: 'Your card has expired.',
    incorrect_cvc: "Your card's security code is incorrect.",
    processing_error: 'An error occurred while processing your card. Try again in a little bit.',
    test_mode_live_card:
      'Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
    authentication_required: 'Your card was declined. This transaction requires authentication.',
    payment_intent_authentication_failure: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    incomplete_number: 'Your card number is incomplete.',
    incorrect_number: 'Your card number is invalid.',
    invalid_expiry_month: "Your card's expiration month is invalid.",
    invalid_expiry_year: "Your card's expiration year is in the past.",
    incomplete_cvc: "Your card's security code is incomplete.",
    email_invalid: 'Enter your email address.',
    payment_method_unavailable: 'This checkout does not offer that payment method.',
  },
  signedInAs: (who) => html`Signed in as <strong>${who}</strong>.`,
  noSubscription: 'You have no active subscription.',
  paymentMethod: 'Payment method',
  cardEnding: (last4) => `Card ending in ${last4}`,
  noCard: 'No card on file.',
  updateCard: 'Update card',
  subscription: 'Subscription',
  price: 'Price',
  pricePer: (amount, interval) => `${amount} per ${interval ?? 'period'}`,
  status: 'Status',
  overdue: 'Payment overdue',
  cancelsOn: (date) => `Cancels on ${date}`,
  renewsOn: (date) => `Renews on ${date}`,
  changePlan: 'Change plan',
  currentPlan: ' — current plan',
  updatePlan: 'Update plan',
  keepPlan: html`Don't cancel — keep my plan`,
  cancelAtPeriodEnd: 'Cancel plan at period end',
  invoice: {
    unusedTime: (quantity, item, day) => `Unused time on ${quantity} × ${item} after ${day}`,
    remainingTime: (quantity, item, day) => `Remaining time on ${quantity} × ${item} after ${day}`,
  },
  onboarding: {
    title: 'Payout details',
    heading: 'Get paid by Stitchhouse',
    intro: (email) =>
      html`Stitchhouse uses Stripe to pay designers. Tell us where to send your money${email ? html` (account for <strong>${email}</strong>)` : ''}.`,
    correctField: 'Please correct the highlighted field.',
    legalName: 'Legal name',
    account: 'IBAN or account number',
    testValue: (iban) => `Test value: ${iban} (prefilled).`,
    submit: 'Agree and submit',
    linkNotFound: 'Link not found',
    linkNotValid: 'This onboarding link is not valid.',
    enterLegalName: 'Enter your legal name.',
    enterAccount: 'Enter an IBAN (e.g. IE29 AIBK …) or a 6–17 digit account number.',
  },
};

const de: Texts = {
  sandboxBadge: 'Stripe-Sandbox · Testmodus',
  titleSuffix: 'Stitchhouse-Sandbox',
  errorPrefix: 'Fehler: ',
  payTitle: 'An Stitchhouse bezahlen',
  expiredTitle: 'Bezahlvorgang abgelaufen',
  completeTitle: 'Bezahlvorgang abgeschlossen',
  notFoundTitle: 'Bezahlvorgang nicht gefunden',
  notFoundText: 'Dieser Zahlungslink ist ungültig.',
  expiredHeading: 'Dieser Bezahlvorgang ist abgelaufen',
  expiredText: 'Die Zeit zum Bezahlen dieser Bestellung ist abgelaufen, es wurde nichts abgebucht.',
  returnToStitchhouse: 'Zurück zu Stitchhouse',
  completeHeading: 'Dieser Bezahlvorgang ist abgeschlossen',
  completeText: 'Deine Zahlung ist eingegangen.',
  continueToStitchhouse: 'Weiter zu Stitchhouse',
  paymentFailed: (reason) => html`<strong>Zahlung fehlgeschlagen.</strong> ${reason} Versuch es mit einer anderen Karte oder brich ab und kehre zurück.`,
  orderSummary: 'Bestellübersicht',
  orderSummarySubscription: 'Bestellübersicht (Abo)',
  item: 'Artikel',
  qty: 'Menge',
  amount: 'Betrag',
  perInterval: (interval) => (interval === 'year' ? 'pro Jahr' : interval === 'month' ? 'pro Monat' : 'pro Zeitraum'),
  vat: 'MwSt.',
  vatRate: (rate, included) => (included ? `MwSt. (${rate}, enthalten)` : `MwSt. (${rate})`),
  tax: 'Steuer',
  taxFromCountry: 'Wird aus deinem Land berechnet',
  total: 'Gesamt',
  expressCheckout: 'Express-Kasse',
  walletEmail: 'E-Mail, die deine Wallet weitergibt',
  orPayWithCard: 'Oder mit Karte bezahlen',
  paymentDetails: 'Zahlungsdaten',
  email: 'E-Mail',
  receiptTo: (email) => html`Beleg an <strong>${email}</strong>`,
  emailOnFile: 'die hinterlegte E-Mail-Adresse',
  country: 'Land',
  pay: (amount) => `${amount} bezahlen`,
  cancelAndReturnToStitchhouse: 'Abbrechen und zurück zu Stitchhouse',
  cardNumber: 'Kartennummer',
  testCardsHint: 'Testkarten: 4242 4242 4242 4242 zahlt, 4000 0000 0000 0002 wird abgelehnt, 4000 0025 0000 3155 verlangt 3-D Secure.',
  expiry: 'Ablaufdatum (MM / JJ)',
  expiryPlaceholder: 'MM / JJ',
  cvc: 'Sicherheitscode (CVC)',
  nameOnCard: 'Name auf der Karte',
  enterExpiry: 'Gib das Ablaufdatum als MM / JJ ein.',
  enterName: 'Gib den Namen auf der Karte ein.',
  enterEmail: 'Gib eine gültige E-Mail-Adresse ein.',
  chooseWallet: 'Wähle Apple Pay, Google Pay oder PayPal.',
  paypalApprove: (amount) => html`Bestätige die Zahlung von <strong>${amount}</strong> an Stitchhouse mit deinem PayPal-Konto.`,
  paypalHint: html`Dies ist der Platzhalter der Sandbox für die PayPal-Seite: Bestätige oder brich ab und kehre zur Bezahlseite zurück.`,
  approveAndPay: 'Bestätigen und bezahlen',
  cancelAndReturn: 'Abbrechen und zurück',
  secureTitle: '3-D-Secure-Bestätigung',
  secureText: (amount) => html`Deine Bank bittet dich, die Zahlung von <strong>${amount}</strong> an Stitchhouse zu bestätigen.`,
  secureHint: html`Dies ist der Platzhalter der Sandbox für die Seite deiner Bank: Wähle, ob die Bestätigung gelingt.`,
  completeAuthentication: 'Bestätigung abschließen',
  failAuthentication: 'Bestätigung scheitern lassen',
  billingTitle: 'Abrechnung',
  portalNotFoundTitle: 'Abrechnungsportal nicht gefunden',
  portalNotFoundText: 'Dieser Link ist ungültig.',
  portalHeading: 'Deinen Stitchhouse-Tarif verwalten',
  notices: {
    plan: 'Dein Tarif wurde geändert.',
    cancel: 'Dein Abo endet mit dem Ende des aktuellen Zeitraums.',
    resume: 'Dein Abo läuft weiter.',
    card: 'Deine Karte wurde aktualisiert.',
  },
  cannotChange: 'Dieses Abo kann hier nicht geändert werden.',
  cardNotUpdated: (reason) => `Deine Karte wurde nicht aktualisiert: ${reason}`,
  cardErrors: {
    generic_decline: 'Deine Karte wurde abgelehnt.',
    insufficient_funds: 'Deine Karte ist nicht ausreichend gedeckt.',
    expired_card: 'Deine Karte ist abgelaufen.',
    incorrect_cvc: 'Der Sicherheitscode deiner Karte ist falsch.',
    processing_error: 'Beim Verarbeiten deiner Karte ist ein Fehler aufgetreten. Versuch es gleich noch einmal.',
    test_mode_live_card:
      'Deine Karte wurde abgelehnt. Diese Zahlung läuft im Testmodus, du hast aber eine echte Karte verwendet. Testkarten findest du unter https://stripe.com/docs/testing.',
    authentication_required: 'Deine Karte wurde abgelehnt. Diese Zahlung muss bestätigt werden.',
    payment_intent_authentication_failure: 'Wir konnten deine Zahlungsmethode nicht bestätigen. Wähle eine andere Zahlungsmethode und versuch es noch einmal.',
    incomplete_number: 'Deine Kartennummer ist unvollständig.',
    incorrect_number: 'Deine Kartennummer ist ungültig.',
    invalid_expiry_month: 'Der Ablaufmonat deiner Karte ist ungültig.',
    invalid_expiry_year: 'Das Ablaufjahr deiner Karte liegt in der Vergangenheit.',
    incomplete_cvc: 'Der Sicherheitscode deiner Karte ist unvollständig.',
    email_invalid: 'Gib deine E-Mail-Adresse ein.',
    payment_method_unavailable: 'Diese Zahlungsmethode wird bei diesem Bezahlvorgang nicht angeboten.',
  },
  signedInAs: (who) => html`Angemeldet als <strong>${who}</strong>.`,
  noSubscription: 'Du hast kein aktives Abo.',
  paymentMethod: 'Zahlungsmethode',
  cardEnding: (last4) => `Karte mit Endziffern ${last4}`,
  noCard: 'Keine Karte hinterlegt.',
  updateCard: 'Karte aktualisieren',
  subscription: 'Abo',
  price: 'Preis',
  pricePer: (amount, interval) => `${amount} ${de.perInterval(interval)}`,
  status: 'Status',
  overdue: 'Zahlung überfällig',
  cancelsOn: (date) => `Endet am ${date}`,
  renewsOn: (date) => `Verlängert sich am ${date}`,
  changePlan: 'Tarif ändern',
  currentPlan: ' – aktueller Tarif',
  updatePlan: 'Tarif aktualisieren',
  keepPlan: html`Nicht kündigen – Tarif behalten`,
  cancelAtPeriodEnd: 'Zum Ende des Zeitraums kündigen',
  invoice: {
    unusedTime: (quantity, item, day) => `Nicht genutzte Zeit für ${quantity} × ${item} nach dem ${day}`,
    remainingTime: (quantity, item, day) => `Verbleibende Zeit für ${quantity} × ${item} nach dem ${day}`,
  },
  onboarding: {
    title: 'Auszahlungsdaten',
    heading: 'Geld von Stitchhouse bekommen',
    intro: (email) =>
      html`Stitchhouse zahlt Designerinnen und Designer über Stripe aus. Sag uns, wohin wir dein Geld schicken sollen${email ? html` (Konto von <strong>${email}</strong>)` : ''}.`,
    correctField: 'Bitte korrigiere das markierte Feld.',
    legalName: 'Rechtlicher Name',
    account: 'IBAN oder Kontonummer',
    testValue: (iban) => `Testwert: ${iban} (vorausgefüllt).`,
    submit: 'Zustimmen und absenden',
    linkNotFound: 'Link nicht gefunden',
    linkNotValid: 'Dieser Einrichtungslink ist ungültig.',
    enterLegalName: 'Gib deinen rechtlichen Namen ein.',
    enterAccount: 'Gib eine IBAN (z. B. IE29 AIBK …) oder eine 6- bis 17-stellige Kontonummer ein.',
  },
};

const fr: Texts = {
  sandboxBadge: 'Bac à sable Stripe · mode test',
  titleSuffix: 'Bac à sable Stitchhouse',
  errorPrefix: 'Erreur : ',
  payTitle: 'Payer Stitchhouse',
  expiredTitle: 'Paiement expiré',
  completeTitle: 'Paiement terminé',
  notFoundTitle: 'Paiement introuvable',
  notFoundText: 'Ce lien de paiement n’est pas valide.',
  expiredHeading: 'Ce paiement a expiré',
  expiredText: 'Le délai pour payer cette commande est écoulé : rien n’a été débité.',
  returnToStitchhouse: 'Retour sur Stitchhouse',
  completeHeading: 'Ce paiement est terminé',
  completeText: 'Votre paiement a bien été effectué.',
  continueToStitchhouse: 'Continuer sur Stitchhouse',
  paymentFailed: (reason) => html`<strong>Le paiement a échoué.</strong> ${reason} Essayez une autre carte, ou annulez et revenez en arrière.`,
  orderSummary: 'Récapitulatif de la commande',
  orderSummarySubscription: 'Récapitulatif de la commande (abonnement)',
  item: 'Article',
  qty: 'Qté',
  amount: 'Montant',
  perInterval: (interval) => (interval === 'year' ? 'par an' : interval === 'month' ? 'par mois' : 'par période'),
  vat: 'TVA',
  vatRate: (rate, included) => (included ? `TVA (${rate}, incluse)` : `TVA (${rate})`),
  tax: 'Taxes',
  taxFromCountry: 'Calculées selon votre pays',
  total: 'Total',
  expressCheckout: 'Paiement express',
  walletEmail: 'E-mail transmis par votre portefeuille',
  orPayWithCard: 'Ou payez par carte',
  paymentDetails: 'Informations de paiement',
  email: 'E-mail',
  receiptTo: (email) => html`Reçu envoyé à <strong>${email}</strong>`,
  emailOnFile: 'l’adresse e-mail enregistrée',
  country: 'Pays',
  pay: (amount) => `Payer ${amount}`,
  cancelAndReturnToStitchhouse: 'Annuler et revenir sur Stitchhouse',
  cardNumber: 'Numéro de carte',
  testCardsHint: 'Cartes de test : 4242 4242 4242 4242 paie, 4000 0000 0000 0002 est refusée, 4000 0025 0000 3155 demande 3-D Secure.',
  expiry: 'Date d’expiration (MM / AA)',
  expiryPlaceholder: 'MM / AA',
  cvc: 'Code de sécurité (CVC)',
  nameOnCard: 'Nom sur la carte',
  enterExpiry: 'Saisissez la date d’expiration au format MM / AA.',
  enterName: 'Saisissez le nom figurant sur la carte.',
  enterEmail: 'Saisissez une adresse e-mail valide.',
  chooseWallet: 'Choisissez Apple Pay, Google Pay ou PayPal.',
  paypalApprove: (amount) => html`Approuvez le paiement de <strong>${amount}</strong> à Stitchhouse avec votre compte PayPal.`,
  paypalHint: html`Cette page remplace celle de PayPal dans le bac à sable : approuvez, ou annulez pour revenir à la page de paiement.`,
  approveAndPay: 'Approuver et payer',
  cancelAndReturn: 'Annuler et revenir',
  secureTitle: 'Authentification 3-D Secure',
  secureText: (amount) => html`Votre banque vous demande de confirmer le paiement de <strong>${amount}</strong> à Stitchhouse.`,
  secureHint: html`Cette page remplace celle de votre banque dans le bac à sable : choisissez si l’authentification réussit.`,
  completeAuthentication: 'Valider l’authentification',
  failAuthentication: 'Faire échouer l’authentification',
  billingTitle: 'Facturation',
  portalNotFoundTitle: 'Portail de facturation introuvable',
  portalNotFoundText: 'Ce lien n’est pas valide.',
  portalHeading: 'Gérer votre formule Stitchhouse',
  notices: {
    plan: 'Votre formule a été modifiée.',
    cancel: 'Votre abonnement prendra fin à la fin de la période en cours.',
    resume: 'Votre abonnement continue.',
    card: 'Votre carte a été mise à jour.',
  },
  cannotChange: 'Cet abonnement ne peut pas être modifié ici.',
  cardNotUpdated: (reason) => `Votre carte n’a pas été mise à jour : ${reason}`,
  cardErrors: {
    generic_decline: 'Votre carte a été refusée.',
    insufficient_funds: 'Le solde de votre carte est insuffisant.',
    expired_card: 'Votre carte a expiré.',
    incorrect_cvc: 'Le code de sécurité de votre carte est incorrect.',
    processing_error: 'Une erreur s’est produite lors du traitement de votre carte. Réessayez dans quelques instants.',
    test_mode_live_card:
      'Votre carte a été refusée. Ce paiement est en mode test, mais vous avez utilisé une vraie carte. Les cartes de test sont sur https://stripe.com/docs/testing.',
    authentication_required: 'Votre carte a été refusée. Cette opération nécessite une authentification.',
    payment_intent_authentication_failure: 'Nous ne parvenons pas à authentifier votre moyen de paiement. Choisissez-en un autre et réessayez.',
    incomplete_number: 'Le numéro de votre carte est incomplet.',
    incorrect_number: 'Le numéro de votre carte n’est pas valide.',
    invalid_expiry_month: 'Le mois d’expiration de votre carte n’est pas valide.',
    invalid_expiry_year: 'L’année d’expiration de votre carte est déjà passée.',
    incomplete_cvc: 'Le code de sécurité de votre carte est incomplet.',
    email_invalid: 'Saisissez votre adresse e-mail.',
    payment_method_unavailable: 'Ce moyen de paiement n’est pas proposé pour ce paiement.',
  },
  signedInAs: (who) => html`Connecté en tant que <strong>${who}</strong>.`,
  noSubscription: 'Vous n’avez aucun abonnement actif.',
  paymentMethod: 'Moyen de paiement',
  cardEnding: (last4) => `Carte se terminant par ${last4}`,
  noCard: 'Aucune carte enregistrée.',
  updateCard: 'Mettre à jour la carte',
  subscription: 'Abonnement',
  price: 'Prix',
  pricePer: (amount, interval) => `${amount} ${fr.perInterval(interval)}`,
  status: 'Statut',
  overdue: 'Paiement en retard',
  cancelsOn: (date) => `Prend fin le ${date}`,
  renewsOn: (date) => `Se renouvelle le ${date}`,
  changePlan: 'Changer de formule',
  currentPlan: ' — formule actuelle',
  updatePlan: 'Modifier la formule',
  keepPlan: html`Ne pas résilier — garder ma formule`,
  cancelAtPeriodEnd: 'Résilier à la fin de la période',
  invoice: {
    unusedTime: (quantity, item, day) => `Temps non utilisé sur ${quantity} × ${item} après le ${day}`,
    remainingTime: (quantity, item, day) => `Temps restant sur ${quantity} × ${item} après le ${day}`,
  },
  onboarding: {
    title: 'Coordonnées de versement',
    heading: 'Être payé par Stitchhouse',
    intro: (email) =>
      html`Stitchhouse paie les créatrices et créateurs via Stripe. Indiquez-nous où envoyer votre argent${email ? html` (compte de <strong>${email}</strong>)` : ''}.`,
    correctField: 'Veuillez corriger le champ signalé.',
    legalName: 'Nom légal',
    account: 'IBAN ou numéro de compte',
    testValue: (iban) => `Valeur de test : ${iban} (préremplie).`,
    submit: 'Accepter et envoyer',
    linkNotFound: 'Lien introuvable',
    linkNotValid: 'Ce lien d’inscription n’est pas valide.',
    enterLegalName: 'Saisissez votre nom légal.',
    enterAccount: 'Saisissez un IBAN (par ex. IE29 AIBK …) ou un numéro de compte de 6 à 17 chiffres.',
  },
};

const es: Texts = {
  sandboxBadge: 'Sandbox de Stripe · modo de prueba',
  titleSuffix: 'Sandbox de Stitchhouse',
  errorPrefix: 'Error: ',
  payTitle: 'Pagar a Stitchhouse',
  expiredTitle: 'Pago caducado',
  completeTitle: 'Pago completado',
  notFoundTitle: 'Pago no encontrado',
  notFoundText: 'Este enlace de pago no es válido.',
  expiredHeading: 'Este pago ha caducado',
  expiredText: 'Se acabó el tiempo para pagar este pedido, así que no se ha cobrado nada.',
  returnToStitchhouse: 'Volver a Stitchhouse',
  completeHeading: 'Este pago está completado',
  completeText: 'Tu pago se ha realizado.',
  continueToStitchhouse: 'Continuar en Stitchhouse',
  paymentFailed: (reason) => html`<strong>El pago ha fallado.</strong> ${reason} Prueba con otra tarjeta o cancela y vuelve.`,
  orderSummary: 'Resumen del pedido',
  orderSummarySubscription: 'Resumen del pedido (suscripción)',
  item: 'Artículo',
  qty: 'Cant.',
  amount: 'Importe',
  perInterval: (interval) => (interval === 'year' ? 'al año' : interval === 'month' ? 'al mes' : 'por periodo'),
  vat: 'IVA',
  vatRate: (rate, included) => (included ? `IVA (${rate}, incluido)` : `IVA (${rate})`),
  tax: 'Impuestos',
  taxFromCountry: 'Se calculan según tu país',
  total: 'Total',
  expressCheckout: 'Pago exprés',
  walletEmail: 'Correo que comparte tu monedero',
  orPayWithCard: 'O paga con tarjeta',
  paymentDetails: 'Datos de pago',
  email: 'Correo electrónico',
  receiptTo: (email) => html`Recibo a <strong>${email}</strong>`,
  emailOnFile: 'el correo registrado',
  country: 'País',
  pay: (amount) => `Pagar ${amount}`,
  cancelAndReturnToStitchhouse: 'Cancelar y volver a Stitchhouse',
  cardNumber: 'Número de tarjeta',
  testCardsHint: 'Tarjetas de prueba: 4242 4242 4242 4242 paga, 4000 0000 0000 0002 se rechaza, 4000 0025 0000 3155 pide 3-D Secure.',
  expiry: 'Caducidad (MM / AA)',
  expiryPlaceholder: 'MM / AA',
  cvc: 'Código de seguridad (CVC)',
  nameOnCard: 'Nombre en la tarjeta',
  enterExpiry: 'Introduce la caducidad como MM / AA.',
  enterName: 'Introduce el nombre que aparece en la tarjeta.',
  enterEmail: 'Introduce un correo electrónico válido.',
  chooseWallet: 'Elige Apple Pay, Google Pay o PayPal.',
  paypalApprove: (amount) => html`Aprueba el pago de <strong>${amount}</strong> a Stitchhouse con tu cuenta de PayPal.`,
  paypalHint: html`Esta página sustituye a la de PayPal en el sandbox: aprueba, o cancela y vuelve a la página de pago.`,
  approveAndPay: 'Aprobar y pagar',
  cancelAndReturn: 'Cancelar y volver',
  secureTitle: 'Autenticación 3-D Secure',
  secureText: (amount) => html`Tu banco te pide que confirmes el pago de <strong>${amount}</strong> a Stitchhouse.`,
  secureHint: html`Esta página sustituye a la de tu banco en el sandbox: elige si la autenticación sale bien.`,
  completeAuthentication: 'Completar la autenticación',
  failAuthentication: 'Hacer fallar la autenticación',
  billingTitle: 'Facturación',
  portalNotFoundTitle: 'Portal de facturación no encontrado',
  portalNotFoundText: 'Este enlace no es válido.',
  portalHeading: 'Gestiona tu plan de Stitchhouse',
  notices: {
    plan: 'Tu plan se ha cambiado.',
    cancel: 'Tu suscripción terminará al final del periodo actual.',
    resume: 'Tu suscripción continuará.',
    card: 'Tu tarjeta se ha actualizado.',
  },
  cannotChange: 'Esa suscripción no se puede cambiar aquí.',
  cardNotUpdated: (reason) => `Tu tarjeta no se ha actualizado: ${reason}`,
  cardErrors: {
    generic_decline: 'Tu tarjeta ha sido rechazada.',
    insufficient_funds: 'Tu tarjeta no tiene fondos suficientes.',
    expired_card: 'Tu tarjeta ha caducado.',
    incorrect_cvc: 'El código de seguridad de tu tarjeta es incorrecto.',
    processing_error: 'Se ha producido un error al procesar tu tarjeta. Vuelve a intentarlo en un momento.',
    test_mode_live_card:
      'Tu tarjeta ha sido rechazada. Este pago está en modo de prueba, pero has usado una tarjeta real. Encontrarás las tarjetas de prueba en https://stripe.com/docs/testing.',
    authentication_required: 'Tu tarjeta ha sido rechazada. Esta operación requiere autenticación.',
    payment_intent_authentication_failure: 'No hemos podido autenticar tu método de pago. Elige otro método de pago y vuelve a intentarlo.',
    incomplete_number: 'El número de tu tarjeta está incompleto.',
    incorrect_number: 'El número de tu tarjeta no es válido.',
    invalid_expiry_month: 'El mes de caducidad de tu tarjeta no es válido.',
    invalid_expiry_year: 'El año de caducidad de tu tarjeta ya ha pasado.',
    incomplete_cvc: 'El código de seguridad de tu tarjeta está incompleto.',
    email_invalid: 'Introduce tu correo electrónico.',
    payment_method_unavailable: 'Este pago no ofrece ese método de pago.',
  },
  signedInAs: (who) => html`Has iniciado sesión como <strong>${who}</strong>.`,
  noSubscription: 'No tienes ninguna suscripción activa.',
  paymentMethod: 'Método de pago',
  cardEnding: (last4) => `Tarjeta terminada en ${last4}`,
  noCard: 'No hay ninguna tarjeta registrada.',
  updateCard: 'Actualizar tarjeta',
  subscription: 'Suscripción',
  price: 'Precio',
  pricePer: (amount, interval) => `${amount} ${es.perInterval(interval)}`,
  status: 'Estado',
  overdue: 'Pago vencido',
  cancelsOn: (date) => `Termina el ${date}`,
  renewsOn: (date) => `Se renueva el ${date}`,
  changePlan: 'Cambiar de plan',
  currentPlan: ' — plan actual',
  updatePlan: 'Actualizar el plan',
  keepPlan: html`No cancelar — mantener mi plan`,
  cancelAtPeriodEnd: 'Cancelar al final del periodo',
  invoice: {
    unusedTime: (quantity, item, day) => `Tiempo no utilizado de ${quantity} × ${item} después del ${day}`,
    remainingTime: (quantity, item, day) => `Tiempo restante de ${quantity} × ${item} después del ${day}`,
  },
  onboarding: {
    title: 'Datos para los pagos',
    heading: 'Cobra con Stitchhouse',
    intro: (email) =>
      html`Stitchhouse paga a las diseñadoras y diseñadores a través de Stripe. Dinos adónde enviar tu dinero${email ? html` (cuenta de <strong>${email}</strong>)` : ''}.`,
    correctField: 'Corrige el campo marcado.',
    legalName: 'Nombre legal',
    account: 'IBAN o número de cuenta',
    testValue: (iban) => `Valor de prueba: ${iban} (ya rellenado).`,
    submit: 'Aceptar y enviar',
    linkNotFound: 'Enlace no encontrado',
    linkNotValid: 'Este enlace de registro no es válido.',
    enterLegalName: 'Introduce tu nombre legal.',
    enterAccount: 'Introduce un IBAN (p. ej., IE29 AIBK …) o un número de cuenta de 6 a 17 dígitos.',
  },
};

const nl: Texts = {
  sandboxBadge: 'Stripe-sandbox · testmodus',
  titleSuffix: 'Stitchhouse-sandbox',
  errorPrefix: 'Fout: ',
  payTitle: 'Betalen aan Stitchhouse',
  expiredTitle: 'Betaling verlopen',
  completeTitle: 'Betaling voltooid',
  notFoundTitle: 'Betaling niet gevonden',
  notFoundText: 'Deze betaallink is niet geldig.',
  expiredHeading: 'Deze betaling is verlopen',
  expiredText: 'De tijd om deze bestelling te betalen is voorbij, dus er is niets afgeschreven.',
  returnToStitchhouse: 'Terug naar Stitchhouse',
  completeHeading: 'Deze betaling is voltooid',
  completeText: 'Je betaling is gelukt.',
  continueToStitchhouse: 'Verder naar Stitchhouse',
  paymentFailed: (reason) => html`<strong>Betaling mislukt.</strong> ${reason} Probeer een andere kaart, of annuleer en ga terug.`,
  orderSummary: 'Besteloverzicht',
  orderSummarySubscription: 'Besteloverzicht (abonnement)',
  item: 'Artikel',
  qty: 'Aantal',
  amount: 'Bedrag',
  perInterval: (interval) => (interval === 'year' ? 'per jaar' : interval === 'month' ? 'per maand' : 'per periode'),
  vat: 'Btw',
  vatRate: (rate, included) => (included ? `Btw (${rate}, inbegrepen)` : `Btw (${rate})`),
  tax: 'Belasting',
  taxFromCountry: 'Berekend op basis van je land',
  total: 'Totaal',
  expressCheckout: 'Snel afrekenen',
  walletEmail: 'E-mailadres dat je wallet deelt',
  orPayWithCard: 'Of betaal met een kaart',
  paymentDetails: 'Betaalgegevens',
  email: 'E-mailadres',
  receiptTo: (email) => html`Bon naar <strong>${email}</strong>`,
  emailOnFile: 'het bekende e-mailadres',
  country: 'Land',
  pay: (amount) => `${amount} betalen`,
  cancelAndReturnToStitchhouse: 'Annuleren en terug naar Stitchhouse',
  cardNumber: 'Kaartnummer',
  testCardsHint: 'Testkaarten: 4242 4242 4242 4242 betaalt, 4000 0000 0000 0002 wordt geweigerd, 4000 0025 0000 3155 vraagt om 3-D Secure.',
  expiry: 'Vervaldatum (MM / JJ)',
  expiryPlaceholder: 'MM / JJ',
  cvc: 'Beveiligingscode (CVC)',
  nameOnCard: 'Naam op de kaart',
  enterExpiry: 'Vul de vervaldatum in als MM / JJ.',
  enterName: 'Vul de naam op de kaart in.',
  enterEmail: 'Vul een geldig e-mailadres in.',
  chooseWallet: 'Kies Apple Pay, Google Pay of PayPal.',
  paypalApprove: (amount) => html`Keur de betaling van <strong>${amount}</strong> aan Stitchhouse goed met je PayPal-account.`,
  paypalHint: html`Dit is de vervanger van de PayPal-pagina in de sandbox: keur goed, of annuleer en ga terug naar de betaalpagina.`,
  approveAndPay: 'Goedkeuren en betalen',
  cancelAndReturn: 'Annuleren en teruggaan',
  secureTitle: '3-D Secure-verificatie',
  secureText: (amount) => html`Je bank vraagt je de betaling van <strong>${amount}</strong> aan Stitchhouse te bevestigen.`,
  secureHint: html`Dit is de vervanger van de pagina van je bank in de sandbox: kies of de verificatie slaagt.`,
  completeAuthentication: 'Verificatie voltooien',
  failAuthentication: 'Verificatie laten mislukken',
  billingTitle: 'Facturering',
  portalNotFoundTitle: 'Factureringsportaal niet gevonden',
  portalNotFoundText: 'Deze link is niet geldig.',
  portalHeading: 'Je Stitchhouse-abonnement beheren',
  notices: {
    plan: 'Je abonnement is gewijzigd.',
    cancel: 'Je abonnement stopt aan het eind van de huidige periode.',
    resume: 'Je abonnement loopt door.',
    card: 'Je kaart is bijgewerkt.',
  },
  cannotChange: 'Dat abonnement kan hier niet worden gewijzigd.',
  cardNotUpdated: (reason) => `Je kaart is niet bijgewerkt: ${reason}`,
  cardErrors: {
    generic_decline: 'Je kaart is geweigerd.',
    insufficient_funds: 'Er staat niet genoeg saldo op je kaart.',
    expired_card: 'Je kaart is verlopen.',
    incorrect_cvc: 'De beveiligingscode van je kaart klopt niet.',
    processing_error: 'Er ging iets mis bij het verwerken van je kaart. Probeer het zo nog eens.',
    test_mode_live_card:
      'Je kaart is geweigerd. Deze betaling loopt in testmodus, maar je hebt een echte kaart gebruikt. Testkaarten vind je op https://stripe.com/docs/testing.',
    authentication_required: 'Je kaart is geweigerd. Voor deze betaling is verificatie nodig.',
    payment_intent_authentication_failure: 'We kunnen je betaalmethode niet verifiëren. Kies een andere betaalmethode en probeer het opnieuw.',
    incomplete_number: 'Je kaartnummer is onvolledig.',
    incorrect_number: 'Je kaartnummer is ongeldig.',
    invalid_expiry_month: 'De vervalmaand van je kaart is ongeldig.',
    invalid_expiry_year: 'Het vervaljaar van je kaart ligt in het verleden.',
    incomplete_cvc: 'De beveiligingscode van je kaart is onvolledig.',
    email_invalid: 'Vul je e-mailadres in.',
    payment_method_unavailable: 'Deze betaalmethode wordt bij deze betaling niet aangeboden.',
  },
  signedInAs: (who) => html`Ingelogd als <strong>${who}</strong>.`,
  noSubscription: 'Je hebt geen actief abonnement.',
  paymentMethod: 'Betaalmethode',
  cardEnding: (last4) => `Kaart eindigend op ${last4}`,
  noCard: 'Geen kaart bekend.',
  updateCard: 'Kaart bijwerken',
  subscription: 'Abonnement',
  price: 'Prijs',
  pricePer: (amount, interval) => `${amount} ${nl.perInterval(interval)}`,
  status: 'Status',
  overdue: 'Betaling achterstallig',
  cancelsOn: (date) => `Stopt op ${date}`,
  renewsOn: (date) => `Wordt verlengd op ${date}`,
  changePlan: 'Abonnement wijzigen',
  currentPlan: ' — huidig abonnement',
  updatePlan: 'Abonnement bijwerken',
  keepPlan: html`Niet opzeggen — abonnement houden`,
  cancelAtPeriodEnd: 'Opzeggen aan het eind van de periode',
  invoice: {
    unusedTime: (quantity, item, day) => `Ongebruikte tijd voor ${quantity} × ${item} na ${day}`,
    remainingTime: (quantity, item, day) => `Resterende tijd voor ${quantity} × ${item} na ${day}`,
  },
  onboarding: {
    title: 'Uitbetalingsgegevens',
    heading: 'Word betaald door Stitchhouse',
    intro: (email) =>
      html`Stitchhouse betaalt ontwerpers uit via Stripe. Laat ons weten waar we je geld naartoe sturen${email ? html` (account van <strong>${email}</strong>)` : ''}.`,
    correctField: 'Verbeter het gemarkeerde veld.',
    legalName: 'Officiële naam',
    account: 'IBAN of rekeningnummer',
    testValue: (iban) => `Testwaarde: ${iban} (vooraf ingevuld).`,
    submit: 'Akkoord en versturen',
    linkNotFound: 'Link niet gevonden',
    linkNotValid: 'Deze aanmeldlink is niet geldig.',
    enterLegalName: 'Vul je officiële naam in.',
    enterAccount: 'Vul een IBAN (bijv. IE29 AIBK …) of een rekeningnummer van 6 tot 17 cijfers in.',
  },
};

const TEXTS: Record<Locale, Texts> = { en, de, fr, es, nl };

/** The language of what Stripe writes for a customer (invoice lines): the first of its preferred_locales Stitchhouse speaks, else English. */
export function customerLanguage(preferredLocales: readonly string[] | null | undefined): Locale {
  return (preferredLocales ?? []).map((tag) => tag.split('-')[0]).find(isLocale) ?? DEFAULT_LOCALE;
}

export function texts(lang: Locale): Texts {
  return TEXTS[lang];
}

const isCardError = (value: string | undefined): value is CardError => (CARD_ERRORS as readonly (string | undefined)[]).includes(value);

/** A card error in the page's language: by its decline code, else its code; an unknown decline says the card was declined. */
export function cardErrorText(t: Texts, error: { code: string; decline_code?: string }): string {
  const known = [error.decline_code, error.code].find(isCardError);
  return t.cardErrors[known ?? 'generic_decline'];
}
