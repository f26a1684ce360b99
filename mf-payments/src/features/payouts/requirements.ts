// Stripe's requirement codes (an account's requirements.currently_due: `individual.first_name`,
// `tos_acceptance.ip`, `person_1Abc.verification.document` …) in words a designer understands. The
// one mapping: the payout pages say "Still needed: your first name, …" through requirementWords.
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

/** Whose detail a code's first part names (the `owner` of payments.requirement.owned; `person_…` is `person`). */
const OWNERS = new Set(['individual', 'representative', 'company', 'business_profile', 'directors', 'owners', 'executives']);

/** Whole codes, or a code's last parts after its owner (`first_name` of `individual.first_name`): catalog ids. */
const WORDS: Record<string, string> = {
  external_account: /*i18n*/ 'payments.requirement.bankAccount',
  business_type: /*i18n*/ 'payments.requirement.businessType',
  'tos_acceptance.date': /*i18n*/ 'payments.requirement.tos',
  'tos_acceptance.ip': /*i18n*/ 'payments.requirement.tos',
  'tos_acceptance.user_agent': /*i18n*/ 'payments.requirement.tos',
  'settings.payments.statement_descriptor': /*i18n*/ 'payments.requirement.descriptor',
  'settings.card_payments.statement_descriptor_prefix': /*i18n*/ 'payments.requirement.descriptor',
  first_name: /*i18n*/ 'payments.requirement.firstName',
  last_name: /*i18n*/ 'payments.requirement.lastName',
  first_name_kana: /*i18n*/ 'payments.requirement.firstNameKana',
  last_name_kana: /*i18n*/ 'payments.requirement.lastNameKana',
  first_name_kanji: /*i18n*/ 'payments.requirement.firstNameKanji',
  last_name_kanji: /*i18n*/ 'payments.requirement.lastNameKanji',
  maiden_name: /*i18n*/ 'payments.requirement.maidenName',
  email: /*i18n*/ 'payments.requirement.email',
  phone: /*i18n*/ 'payments.requirement.phone',
  dob: /*i18n*/ 'payments.requirement.dob',
  'dob.day': /*i18n*/ 'payments.requirement.dob',
  'dob.month': /*i18n*/ 'payments.requirement.dob',
  'dob.year': /*i18n*/ 'payments.requirement.dob',
  address: /*i18n*/ 'payments.requirement.address',
  'address.line1': /*i18n*/ 'payments.requirement.address',
  'address.line2': /*i18n*/ 'payments.requirement.address',
  'address.city': /*i18n*/ 'payments.requirement.address',
  'address.postal_code': /*i18n*/ 'payments.requirement.address',
  'address.state': /*i18n*/ 'payments.requirement.address',
  'address.country': /*i18n*/ 'payments.requirement.address',
  id_number: /*i18n*/ 'payments.requirement.idNumber',
  ssn_last_4: /*i18n*/ 'payments.requirement.ssn',
  'verification.document': /*i18n*/ 'payments.requirement.document',
  'verification.additional_document': /*i18n*/ 'payments.requirement.proofOfAddress',
  'relationship.title': /*i18n*/ 'payments.requirement.jobTitle',
  'relationship.owner': /*i18n*/ 'payments.requirement.ownership',
  'relationship.percent_ownership': /*i18n*/ 'payments.requirement.shareOwnership',
  'relationship.executive': /*i18n*/ 'payments.requirement.role',
  'relationship.director': /*i18n*/ 'payments.requirement.role',
  political_exposure: /*i18n*/ 'payments.requirement.politicalExposure',
  name: /*i18n*/ 'payments.requirement.name',
  tax_id: /*i18n*/ 'payments.requirement.taxId',
  vat_id: /*i18n*/ 'payments.requirement.vatId',
  registration_number: /*i18n*/ 'payments.requirement.registration',
  structure: /*i18n*/ 'payments.requirement.structure',
  owners_provided: /*i18n*/ 'payments.requirement.owners',
  directors_provided: /*i18n*/ 'payments.requirement.directors',
  executives_provided: /*i18n*/ 'payments.requirement.executives',
  url: /*i18n*/ 'payments.requirement.url',
  mcc: /*i18n*/ 'payments.requirement.mcc',
  product_description: /*i18n*/ 'payments.requirement.productDescription',
  support_phone: /*i18n*/ 'payments.requirement.supportPhone',
  support_email: /*i18n*/ 'payments.requirement.supportEmail',
  support_url: /*i18n*/ 'payments.requirement.supportUrl',
  support_address: /*i18n*/ 'payments.requirement.supportAddress',
};

/** A code we have no words for: its parts as words ("some_new.field" → "some new field"). */
function fallback(code: string): string {
  return (
    code
      .split('.')
      .filter((part) => !/^person_/.test(part))
      .join(' ')
      .replace(/_/g, ' ')
      .trim() || code
  );
}

/** One requirement code in words, in the page's language: "individual.first_name" → "your first name". */
export function requirementWord(code: string): string {
  if (Object.hasOwn(WORDS, code)) return i18n._(WORDS[code]!);
  const [head = '', ...rest] = code.split('.');
  const owner = OWNERS.has(head) ? head : /^person_/.test(head) ? 'person' : null;
  if (owner === null || rest.length === 0) return fallback(code);
  const tail = rest.join('.');
  // `address.line1` and `dob.day` read as their whole (`address`, `dob`) when the part is not listed
  const word = WORDS[tail] ?? WORDS[rest[0]!];
  return i18n._('payments.requirement.owned', { owner, detail: word ? i18n._(word) : fallback(tail) });
}

/** The codes in words, each said once, in the order Stripe lists them. */
export function requirementWords(codes: readonly string[]): string[] {
  return [...new Set(codes.map(requirementWord))];
}
