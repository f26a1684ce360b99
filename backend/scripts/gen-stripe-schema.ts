// Writes src/stripe-sandbox/schema/objects.json: the JSON Schema (draft-07) of every Stripe
// object and webhook event the sandbox answers with, GENERATED from the pinned `stripe` SDK's
// TypeScript resource types (their JSDoc as descriptions; `| null` as nullable; string-literal
// unions as enums, the SDK's open `OtherString` left out; `?` fields not required; every other
// field required and no field the type does not declare; `Stripe.Metadata` free-form;
// expandable `string | Stripe.X` as either; `Decimal` as its wire form, a string).
//   npx tsx scripts/gen-stripe-schema.ts           write the file
//   npx tsx scripts/gen-stripe-schema.ts --check   exit 1 when it differs from what the SDK gives
// backend/test/stripe-sandbox-conformance.test.ts validates the sandbox's answers against it.
import fs from 'node:fs';
import path from 'node:path';
import type ts from 'typescript5';
import { sdkProgram, stripeApiVersion, stripeVersion, ts as typescript, type SdkProgram } from './stripe-sdk.mjs';

type Schema = Record<string, unknown>;

/** Objects by their `object` value: what the product calls and what the sandbox answers with. */
export const OBJECTS: Record<string, string> = {
  account: 'Stripe.Account',
  account_link: 'Stripe.AccountLink',
  balance: 'Stripe.Balance',
  balance_transaction: 'Stripe.BalanceTransaction',
  bank_account: 'Stripe.BankAccount',
  'billing_portal.session': 'Stripe.BillingPortal.Session',
  charge: 'Stripe.Charge',
  'checkout.session': 'Stripe.Checkout.Session',
  customer: 'Stripe.Customer',
  invoice: 'Stripe.Invoice',
  item: 'Stripe.LineItem',
  line_item: 'Stripe.InvoiceLineItem',
  payment_intent: 'Stripe.PaymentIntent',
  plan: 'Stripe.Plan',
  price: 'Stripe.Price',
  product: 'Stripe.Product',
  refund: 'Stripe.Refund',
  subscription: 'Stripe.Subscription',
  subscription_item: 'Stripe.SubscriptionItem',
  transfer: 'Stripe.Transfer',
  transfer_reversal: 'Stripe.TransferReversal',
};

/** Webhook events the sandbox sends, by type (the SDK's per-type event interfaces). */
export const EVENTS: Record<string, string> = {
  'account.updated': 'Stripe.AccountUpdatedEvent',
  'charge.failed': 'Stripe.ChargeFailedEvent',
  'charge.refunded': 'Stripe.ChargeRefundedEvent',
  'charge.succeeded': 'Stripe.ChargeSucceededEvent',
  'checkout.session.completed': 'Stripe.CheckoutSessionCompletedEvent',
  'checkout.session.expired': 'Stripe.CheckoutSessionExpiredEvent',
  'customer.subscription.created': 'Stripe.CustomerSubscriptionCreatedEvent',
  'customer.subscription.deleted': 'Stripe.CustomerSubscriptionDeletedEvent',
  'customer.subscription.updated': 'Stripe.CustomerSubscriptionUpdatedEvent',
  'invoice.paid': 'Stripe.InvoicePaidEvent',
  'invoice.payment_failed': 'Stripe.InvoicePaymentFailedEvent',
  'payment_intent.payment_failed': 'Stripe.PaymentIntentPaymentFailedEvent',
  'payment_intent.succeeded': 'Stripe.PaymentIntentSucceededEvent',
  'transfer.created': 'Stripe.TransferCreatedEvent',
  'transfer.reversed': 'Stripe.TransferReversedEvent',
};

export const SCHEMA_FILE = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src/stripe-sandbox/schema/objects.json');

class Generator {
  readonly definitions: Record<string, Schema> = {};
  private readonly ts: typeof ts;
  private readonly checker: ts.TypeChecker;

  /** Definition names of the OBJECTS: the only ones an expandable field may carry expanded. */
  readonly expandable = new Set<string>();

  constructor(private readonly sdk: SdkProgram) {
    this.ts = typescript;
    this.checker = sdk.checker;
  }

  private describe(symbol: ts.Symbol | undefined): { description?: string } {
    if (!symbol) return {};
    const text = this.ts.displayPartsToString(symbol.getDocumentationComment(this.checker)).trim();
    return text ? { description: text } : {};
  }

  /** A named interface's definition name: its namespace prefix (Checkout., BillingPortal.) and qualified name. */
  definitionName(symbol: ts.Symbol): string | undefined {
    return this.nameOf(symbol);
  }

  private nameOf(symbol: ts.Symbol): string | undefined {
    const declaration = symbol.declarations?.find((d) => this.ts.isInterfaceDeclaration(d) || this.ts.isClassDeclaration(d));
    if (!declaration) return undefined;
    const qualified = this.checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, '');
    const prefix = this.sdk.namespaceOf(declaration);
    return prefix ? `${prefix}.${qualified}` : qualified;
  }

  schemaOf(type: ts.Type): Schema {
    const { ts } = this;
    const flags = type.flags;
    if (type.isUnion()) return this.union(type.types);
    if (flags & ts.TypeFlags.Null) return { type: 'null' };
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', enum: [this.checker.typeToString(type) === 'true'] };
    if (flags & ts.TypeFlags.String) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (type.isIntersection()) {
      // OtherString = string & Record<never, never>
      if (type.types.some((t) => t.flags & ts.TypeFlags.String)) return { type: 'string' };
      const decimal = type.types.find((t) => ['Decimal', 'DecimalImpl'].includes(t.getSymbol()?.getName() ?? ''));
      if (decimal) return this.schemaOf(decimal);
      throw new Error(`intersection ${this.checker.typeToString(type)} not handled`);
    }
    if (this.checker.isArrayType(type)) {
      const [item] = this.checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: this.schemaOf(item!) };
    }
    if (flags & ts.TypeFlags.Object) return this.object(type as ts.ObjectType);
    throw new Error(`type ${this.checker.typeToString(type)} not handled`);
  }

  private union(members: readonly ts.Type[]): Schema {
    const { ts } = this;
    const present = members.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    // the SDK's OtherString keeps enums open for future values; the schema of this version lists only these
    const closed = present.filter(
      (t) => !(t.isIntersection() && t.types.some((m) => m.flags & ts.TypeFlags.String)) || present.every((m) => !(m.flags & ts.TypeFlags.StringLiteral)),
    );
    const nullable = closed.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = closed.filter((t) => !(t.flags & ts.TypeFlags.Null));
    const strings = rest.filter((t) => t.flags & ts.TypeFlags.StringLiteral).map((t) => (t as ts.StringLiteralType).value);
    const booleans = rest.filter((t) => t.flags & ts.TypeFlags.BooleanLiteral);
    let others = rest.filter((t) => !(t.flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.BooleanLiteral)));
    if (others.some((t) => t.flags & ts.TypeFlags.String)) {
      // an expandable field (`string | Stripe.X`): the id, or X expanded when X is one of the OBJECTS
      // (resources the product never expands stay ids, so the schema does not pull in all of Stripe)
      others = others.filter((t) => {
        const symbol = t.getSymbol();
        const name = symbol && t.flags & ts.TypeFlags.Object ? this.nameOf(symbol) : undefined;
        return !name || this.expandable.has(name);
      });
    }
    const options: Schema[] = [];
    if (strings.length) options.push({ type: 'string', enum: strings.sort() });
    if (booleans.length === 2) options.push({ type: 'boolean' });
    else for (const b of booleans) options.push(this.schemaOf(b));
    for (const t of others) options.push(this.schemaOf(t));
    if (nullable) {
      const [only] = options;
      if (options.length === 1 && only && typeof only.type === 'string' && !only.$ref) {
        return { ...only, type: [only.type, 'null'], ...(only.enum ? { enum: [...(only.enum as unknown[]), null] } : {}) };
      }
      options.push({ type: 'null' });
    }
    return options.length === 1 ? options[0]! : { anyOf: options };
  }

  private object(type: ts.ObjectType): Schema {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const name = symbol?.getName();
    if (name === 'Decimal' || name === 'DecimalImpl') return { type: 'string', pattern: '^-?\\d+(\\.\\d+)?$' };
    if (name === 'Metadata' && this.nameOf(symbol!) === 'Metadata') return { type: 'object', additionalProperties: { type: 'string' } };
    if (name === 'ApiList') {
      const [item] = this.checker.getTypeArguments(type as ts.TypeReference);
      return {
        type: 'object',
        additionalProperties: false,
        required: ['object', 'data', 'has_more', 'url'],
        properties: {
          object: { type: 'string', enum: ['list'] },
          data: { type: 'array', items: this.schemaOf(item!) },
          has_more: { type: 'boolean' },
          url: { type: 'string' },
        },
      };
    }
    const named = symbol && type.objectFlags & this.ts.ObjectFlags.Interface ? this.nameOf(symbol) : undefined;
    if (named) {
      if (!(named in this.definitions)) {
        this.definitions[named] = {}; // placeholder: recursive types point here
        this.definitions[named] = { ...this.describe(symbol), ...this.body(type) };
      }
      return { $ref: `#/definitions/${named}` };
    }
    return this.body(type);
  }

  private body(type: ts.Type): Schema {
    const { ts } = this;
    const index = this.checker.getIndexInfoOfType(type, ts.IndexKind.String);
    const properties: Record<string, Schema> = {};
    const required: string[] = [];
    for (const prop of this.checker.getPropertiesOfType(type)) {
      const propType = this.checker.getTypeOfSymbol(prop);
      if (propType.getCallSignatures().length) continue; // methods (Decimal and the like)
      // `deleted?: void` on a live object: never present (additionalProperties refuses it)
      if ((propType.isUnion() ? propType.types : [propType]).every((t) => t.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined))) continue;
      let schema: Schema;
      try {
        schema = this.schemaOf(propType);
      } catch (err) {
        throw new Error(`${this.checker.typeToString(type)}.${prop.getName()}: ${(err as Error).message}`, { cause: err });
      }
      properties[prop.getName()] = { ...this.describe(prop), ...schema };
      if (!(prop.flags & ts.SymbolFlags.Optional)) required.push(prop.getName());
    }
    return {
      type: 'object',
      ...(Object.keys(properties).length ? { properties } : {}),
      ...(required.length ? { required } : {}),
      additionalProperties: index ? this.schemaOf(index.type) : false,
    };
  }
}

export function generate(): string {
  const version = stripeVersion;
  const apiVersion = stripeApiVersion;
  const roots: Record<string, string> = {};
  for (const [object, expr] of Object.entries(OBJECTS)) roots[`object:${object}`] = expr;
  for (const [event, expr] of Object.entries(EVENTS)) roots[`event:${event}`] = expr;
  const sdk = sdkProgram({ roots });
  const gen = new Generator(sdk);
  for (const [root, type] of sdk.roots) {
    const symbol = type.getSymbol();
    if (root.startsWith('object:') && symbol) gen.expandable.add(gen.definitionName(symbol)!);
  }
  const entries: Record<string, Schema> = {};
  for (const [root, type] of sdk.roots) entries[root] = gen.schemaOf(type);
  const sorted = Object.fromEntries(Object.entries({ ...gen.definitions, ...entries }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const schema = {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: `stripe-objects-${apiVersion}`,
    title: `Stripe objects and webhook events, API version ${apiVersion} (stripe ${version})`,
    $comment:
      'GENERATED by backend/scripts/gen-stripe-schema.ts from the stripe SDK\'s TypeScript types; do not edit. Entry points: definitions["object:<object>"], definitions["event:<type>"].',
    definitions: sorted,
  };
  return `${JSON.stringify(schema, null, 1)}\n`;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const text = generate();
  const current = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (current !== text) {
      console.error(
        `${path.relative(process.cwd(), SCHEMA_FILE)} is not what stripe ${stripeVersion} gives: run npx tsx scripts/gen-stripe-schema.ts in backend/`,
      );
      process.exit(1);
    }
    console.log(`${path.relative(process.cwd(), SCHEMA_FILE)} matches stripe ${stripeVersion} (${stripeApiVersion})`);
  } else {
    fs.mkdirSync(path.dirname(SCHEMA_FILE), { recursive: true });
    fs.writeFileSync(SCHEMA_FILE, text);
    console.log(
      `wrote ${path.relative(process.cwd(), SCHEMA_FILE)} (${Object.keys(JSON.parse(text).definitions).length} definitions, ${Math.round(text.length / 1024)} KB)`,
    );
  }
}
