import { describe, expect, it, vi } from 'vitest';

// The page's client, started by whoever needs it first: here the test answers for auth-js.
const client = vi.hoisted(() => {
  let announce: ((event: string, session: unknown) => void) | null = null;
  let started: ((c: unknown) => void) | null = null;
  return {
    getSupabase: vi.fn(() => new Promise(() => undefined)),
    onSupabaseStarted: vi.fn((attach: (c: unknown) => void) => {
      started = attach;
    }),
    answer(session: unknown) {
      started?.({
        auth: {
          onAuthStateChange: (cb: typeof announce) => {
            announce = cb;
          },
        },
      });
      announce?.('INITIAL_SESSION', session);
    },
  };
});
vi.mock('./supabase.ts', () => ({ getSupabase: client.getSupabase, onSupabaseStarted: client.onSupabaseStarted }));

const { getSessionState, memberOnceKnown, settledSession } = await import('./session.ts');

describe('the session once the page knows it', () => {
  it("waits for the client's first answer, then answers at once", async () => {
    const waiting = memberOnceKnown();
    let member: string | null | undefined;
    void waiting.then((id) => {
      member = id;
    });
    await Promise.resolve();
    expect(getSessionState().loading).toBe(true);
    expect(member).toBeUndefined();
    client.answer({ user: { id: 'member-1' } });
    expect(await waiting).toBe('member-1');
    expect(await memberOnceKnown()).toBe('member-1');
    client.answer(null); // signed out later: the next press sees it
    expect(await settledSession()).toBeNull();
  });
});
