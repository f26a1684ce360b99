// Real accounts for the payment suites: created through the auth admin API and signed in with a
// password, so functions see the same access tokens a browser would send.
import crypto from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as kit from '../../shared/src/testing/kit.ts';
import type { TestStack } from './harness.ts';

export interface Person {
  id: string;
  email: string;
  token: string;
  db: SupabaseClient;
}

/** The embedded Stripe sandbox's control API (/_sandbox: webhooks pause/resume/idle, clock…); throws on an error status. */
export async function stripeSandboxCall(stack: TestStack, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${stack.stripe!.url}/_sandbox${path}`, {
    method,
    headers: { authorization: `Bearer ${stack.stripe!.secretKey}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const PASSWORD = 'Payments-test-9';

export async function signedInPeople<K extends string>(stack: TestStack, labels: K[]): Promise<Record<K, Person>> {
  const one = async (label: K): Promise<Person> => {
    const email = `${label}-${crypto.randomUUID().slice(0, 8)}@payments.test`;
    return kit.signedInPerson(stack, email, PASSWORD, { display_name: label });
  };
  const people = {} as Record<K, Person>;
  // a few at a time: password hashing is CPU work, sign-ins wait on it
  for (let i = 0; i < labels.length; i += 5) {
    const batch = labels.slice(i, i + 5);
    (await Promise.all(batch.map(one))).forEach((person, k) => (people[batch[k]!] = person));
  }
  return people;
}
