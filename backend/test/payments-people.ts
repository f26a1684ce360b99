// Real accounts for the payment suites: created through the auth admin API and signed in with a
// password, so functions see the same access tokens a browser would send.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './harness.ts';

export interface Person { id: string; email: string; token: string; db: SupabaseClient }

const PASSWORD = 'Payments-test-9';

export async function signedInPeople<K extends string>(stack: TestStack, labels: K[]): Promise<Record<K, Person>> {
  const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const people = {} as Record<K, Person>;
  for (const label of labels) {
    const email = `${label}-${crypto.randomUUID().slice(0, 8)}@payments.test`;
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { display_name: label } });
    if (created.error) throw created.error;
    const db = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await db.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    people[label] = { id: data.user.id, email, token: data.session.access_token, db };
  }
  return people;
}
