// Stripe's requirement codes (an account's requirements.currently_due: `individual.first_name`,
// `tos_acceptance.ip`, `person_1Abc.verification.document` …) in words a designer understands. The
// one mapping: the payout pages say "Still needed: your first name, …" through requirementWords.

/** Whose detail a code's first part names. */
const OWNERS: Record<string, string> = {
  individual: 'your',
  representative: 'your representative’s',
  company: 'your company’s',
  business_profile: 'your business’s',
  directors: 'a director’s',
  owners: 'an owner’s',
  executives: 'an executive’s',
};

/** Whole codes, or a code's last parts after its owner (`first_name` of `individual.first_name`). */
const WORDS: Record<string, string> = {
  external_account: 'a bank account for payouts',
  business_type: 'whether you sell as an individual or a company',
  'tos_acceptance.date': 'your acceptance of Stripe’s services agreement',
  'tos_acceptance.ip': 'your acceptance of Stripe’s services agreement',
  'tos_acceptance.user_agent': 'your acceptance of Stripe’s services agreement',
  'settings.payments.statement_descriptor': 'the name buyers see on their card statement',
  'settings.card_payments.statement_descriptor_prefix': 'the name buyers see on their card statement',
  first_name: 'first name',
  last_name: 'last name',
  first_name_kana: 'first name (kana)',
  last_name_kana: 'last name (kana)',
  first_name_kanji: 'first name (kanji)',
  last_name_kanji: 'last name (kanji)',
  maiden_name: 'maiden name',
  email: 'email address',
  phone: 'phone number',
  dob: 'date of birth',
  'dob.day': 'date of birth',
  'dob.month': 'date of birth',
  'dob.year': 'date of birth',
  address: 'address',
  'address.line1': 'address',
  'address.line2': 'address',
  'address.city': 'address',
  'address.postal_code': 'address',
  'address.state': 'address',
  'address.country': 'address',
  id_number: 'national identity number',
  ssn_last_4: 'last four digits of the social security number',
  'verification.document': 'identity document',
  'verification.additional_document': 'proof of address',
  'relationship.title': 'job title',
  'relationship.owner': 'ownership',
  'relationship.percent_ownership': 'share of ownership',
  'relationship.executive': 'role',
  'relationship.director': 'role',
  political_exposure: 'answer about public office',
  name: 'name',
  tax_id: 'tax ID',
  vat_id: 'VAT number',
  registration_number: 'registration number',
  structure: 'legal structure',
  owners_provided: 'list of owners',
  directors_provided: 'list of directors',
  executives_provided: 'list of executives',
  url: 'website',
  mcc: 'industry',
  product_description: 'description of what you sell',
  support_phone: 'support phone number',
  support_email: 'support email address',
  support_url: 'support website',
  support_address: 'support address',
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

/** One requirement code in words: "individual.first_name" → "your first name". */
export function requirementWord(code: string): string {
  if (Object.hasOwn(WORDS, code)) return WORDS[code]!;
  const [head = '', ...rest] = code.split('.');
  const owner = Object.hasOwn(OWNERS, head) ? OWNERS[head]! : /^person_/.test(head) ? 'a person’s' : null;
  if (owner === null || rest.length === 0) return fallback(code);
  const tail = rest.join('.');
  // `address.line1` and `dob.day` read as their whole (`address`, `dob`) when the part is not listed
  const word = WORDS[tail] ?? WORDS[rest[0]!] ?? fallback(tail);
  return `${owner} ${word}`;
}

/** The codes in words, each said once, in the order Stripe lists them. */
export function requirementWords(codes: readonly string[]): string[] {
  return [...new Set(codes.map(requirementWord))];
}
