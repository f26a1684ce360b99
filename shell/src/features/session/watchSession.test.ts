import type { SupabaseClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { markSignOutIntended } from '@stitchhouse/shared/auth/signOutIntent.ts';
import { SIGNED_OUT_NOTICE, getSessionNotice, setSessionNotice } from './notice.ts';
import { isDeadSessionError, watchSession } from './watchSession.ts';

type Listener = (event: string, session: unknown) => void;

/** Just enough of the auth client: events we fire by hand, a server answer for GET /user. */
function fakeClient(userAnswer: { error: unknown }) {
  let listener: Listener = () => {};
  let session: unknown = { access_token: 't' };
  const calls: string[] = [];
  const client = {
    auth: {
      onAuthStateChange(fn: Listener) {
        listener = fn;
        return { data: { subscription: { unsubscribe: () => calls.push('unsubscribe') } } };
      },
      getSession: async () => ({ data: { session } }),
      getUser: async () => {
        calls.push('getUser');
        return { data: { user: null }, ...userAnswer };
      },
      signOut: async () => {
        calls.push('signOut');
        session = null;
        listener('SIGNED_OUT', null);
        return { error: null };
      },
    },
  };
  const win = new EventTarget() as unknown as Window;
  Object.assign(win, { document: Object.assign(new EventTarget(), { visibilityState: 'visible' }) });
  return { client: client as unknown as SupabaseClient, fire: (e: string, s: unknown) => listener(e, s), calls, win };
}

const tick = () => new Promise((done) => setTimeout(done, 0));

afterEach(() => setSessionNotice(null));

describe('watchSession', () => {
  it('a sign-out nobody here asked for shows the notice', async () => {
    const fake = fakeClient({ error: null });
    const stop = watchSession(fake.client, fake.win);
    fake.fire('INITIAL_SESSION', { access_token: 't' });
    fake.fire('SIGNED_OUT', null);
    expect(getSessionNotice()).toBe(SIGNED_OUT_NOTICE);
    fake.fire('SIGNED_IN', { access_token: 'u' });
    expect(getSessionNotice()).toBeNull();
    stop();
    expect(fake.calls).toContain('unsubscribe');
  });

  it('a sign-out asked for in this tab shows none', () => {
    const fake = fakeClient({ error: null });
    const stop = watchSession(fake.client, fake.win);
    fake.fire('INITIAL_SESSION', { access_token: 't' });
    markSignOutIntended();
    fake.fire('SIGNED_OUT', null);
    expect(getSessionNotice()).toBeNull();
    stop();
  });

  it('a visitor who was never signed in sees no notice', () => {
    const fake = fakeClient({ error: null });
    const stop = watchSession(fake.client, fake.win);
    fake.fire('INITIAL_SESSION', null);
    fake.fire('SIGNED_OUT', null);
    expect(getSessionNotice()).toBeNull();
    stop();
  });

  it('a session the server no longer knows is ended here, with the notice', async () => {
    const fake = fakeClient({ error: { name: 'AuthSessionMissingError', code: undefined, status: 400 } });
    const stop = watchSession(fake.client, fake.win);
    await tick();
    await tick();
    expect(fake.calls).toEqual(['getUser', 'signOut']);
    expect(getSessionNotice()).toBe(SIGNED_OUT_NOTICE);
    stop();
  });

  it('a network failure keeps the session', async () => {
    const fake = fakeClient({ error: { name: 'AuthRetryableFetchError', code: undefined, status: 0 } });
    const stop = watchSession(fake.client, fake.win);
    await tick();
    await tick();
    expect(fake.calls).toEqual(['getUser']);
    expect(getSessionNotice()).toBeNull();
    stop();
  });
});

describe('isDeadSessionError', () => {
  it('knows the answers that mean the session is gone', () => {
    expect(isDeadSessionError({ name: 'AuthApiError', code: 'session_not_found', status: 403 })).toBe(true);
    expect(isDeadSessionError({ name: 'AuthApiError', code: 'user_banned', status: 403 })).toBe(true);
    expect(isDeadSessionError({ name: 'AuthApiError', code: 'over_request_rate_limit', status: 429 })).toBe(false);
    expect(isDeadSessionError({ name: 'AuthRetryableFetchError', code: undefined, status: 0 })).toBe(false);
  });
});
