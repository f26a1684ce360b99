// Real accounts for the payment suites: created through the auth admin API and signed in with a
// password, so functions see the same access tokens a browser would send.
import crypto from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { TestStack } from './harness.ts';

export interface Person { id: string; email: string; token: string; db: SupabaseClient }

const PASSWORD = 'Payments-test-9';

export async function signedInPeople<K extends string>(stack: TestStack, labels: K[]): Promise<Record<K, Person>> {
  const admin = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false, autoRefreshToken: false } });
  const one = async (label: K): Promise<Person> => {
    const email = `${label}-${crypto.randomUUID().slice(0, 8)}@payments.test`;
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true, user_metadata: { display_name: label } });
    if (created.error) throw created.error;
    const db = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
    const { data, error } = await db.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { id: data.user.id, email, token: data.session.access_token, db };
  };
  const people = {} as Record<K, Person>;
  // a few at a time: password hashing is CPU work, sign-ins wait on it
  for (let i = 0; i < labels.length; i += 5) {
    const batch = labels.slice(i, i + 5);
    (await Promise.all(batch.map(one))).forEach((person, k) => (people[batch[k]!] = person));
  }
  return people;
}
