// Members of the marketplace for the suites that act through the running stack: each one signed
// up by the service role and signed in with supabase-js, so row-level security sees a real session.
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as kit from '../../shared/src/testing/kit.ts';
import type { TestStack } from './harness.ts';

const PASSWORD = 'Member-test-9';

export interface Member {
  id: string;
  email: string;
  name: string;
  token: string;
  db: SupabaseClient;
}

/** A client with the service role (bypasses row-level security): for setting the scene only. */
export const serviceClient = (stack: TestStack) => kit.serviceClient(stack);

/** A confirmed member called `name`, signed in; `label` starts the email address. */
export async function signedInMember(stack: TestStack, label: string, name: string): Promise<Member> {
  const email = `${label}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  return { ...(await kit.signedInPerson(stack, email, PASSWORD, { display_name: name })), name };
}

/** The designer's store (`slugPrefix` + a unique tail) with one draft pattern, "Harbour Wrap Dress" at 14.00. */
export async function storeWithPattern(designer: Member, slugPrefix: string): Promise<{ storeId: string; patternId: string }> {
  const store = await designer.db
    .from('stores')
    .insert({ slug: `${slugPrefix}-${Date.now().toString(36)}`, kind: 'designer', name: 'Dana Patterns' })
    .select('id')
    .single();
  if (store.error) throw store.error;
  const pattern = await designer.db
    .from('patterns')
    .insert({ store_id: store.data.id, title: 'Harbour Wrap Dress', craft: 'sewing', category: 'dresses', price_cents: 1400 })
    .select('id')
    .single();
  if (pattern.error) throw pattern.error;
  return { storeId: store.data.id as string, patternId: pattern.data.id as string };
}

/** A paid USD order of one pattern for the buyer, written as the service role (the entitlement follows from its trigger). */
export async function paidOrder(stack: TestStack, buyer: Member, storeId: string, patternId: string): Promise<{ id: string; number: number }> {
  const db = serviceClient(stack);
  const order = await db
    .from('orders')
    .insert({ buyer_id: buyer.id, buyer_email: buyer.email, status: 'paid', currency: 'USD', subtotal_cents: 1400, total_cents: 1400 })
    .select('id, number')
    .single();
  if (order.error) throw order.error;
  await db
    .from('order_items')
    .insert({ order_id: order.data.id, pattern_id: patternId, store_id: storeId, unit_price_cents: 1400, currency: 'USD' })
    .throwOnError();
  return order.data;
}
