// What the auth suites share: supabase-js clients on the test stack, the local inbox, email links.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import * as kit from '../../shared/src/testing/kit.ts';
import { expect } from 'vitest';
import type { TestStack } from './harness.ts';

export const PASSWORD = 'Quilting42';
export const newEmail = (tag: string) => `${tag}-${randomUUID().slice(0, 8)}@stitchhouse.test`;

/** One message of the local inbox (the shared test kit's Mail). */
export type InboxMessage = kit.Mail;

/** Helpers bound to the suite's stack (a getter: the stack starts in beforeAll). */
export function authHelpers(getStack: () => TestStack) {
  const client = (flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient => kit.anonClient(getStack(), flowType);
  const inbox = (email: string): Promise<InboxMessage[]> => kit.inbox(getStack(), email);

  async function lastMail(email: string, subject: string): Promise<{ link: string; code: string }> {
    const message = await kit.mailWithSubject(getStack(), email, subject);
    return { link: kit.verifyLink(message), code: kit.emailCode(message) };
  }

  /** Opens an email link like a browser would, without following the redirect. */
  async function openLink(link: string): Promise<{ status: number; location: URL; hash: URLSearchParams }> {
    const res = await fetch(link, { redirect: 'manual' });
    const location = new URL(res.headers.get('location') ?? '');
    return { status: res.status, location, hash: new URLSearchParams(location.hash.slice(1)) };
  }

  async function signUpConfirmed(email = newEmail('maker')): Promise<string> {
    const { error } = await client().auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    const { link } = await lastMail(email, 'Confirm your Stitchhouse account');
    expect((await openLink(link)).hash.get('access_token')).toBeTruthy();
    return email;
  }

  async function signedIn(email: string, password = PASSWORD): Promise<SupabaseClient> {
    const c = client();
    const { error } = await c.auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    return c;
  }

  /** A request to /auth/v1 with the anon key, or a user's token. */
  async function raw(path: string, init: RequestInit & { token?: string } = {}): Promise<Response> {
    const stack = getStack();
    const headers = new Headers(init.headers);
    headers.set('apikey', stack.anonKey);
    headers.set('authorization', `Bearer ${init.token ?? stack.anonKey}`);
    if (init.body !== undefined) headers.set('content-type', 'application/json');
    return fetch(`${stack.url}/auth/v1${path}`, { ...init, headers });
  }

  return { client, inbox, lastMail, openLink, signUpConfirmed, signedIn, raw };
}
