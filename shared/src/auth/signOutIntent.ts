/**
 * Tells a sign-out the person asked for apart from one that happened to them (session
 * revoked or expired, signed out in another tab). Whoever calls signOut() on purpose
 * marks it first; the shell's session watcher consumes the mark when SIGNED_OUT arrives
 * and only shows "you have been signed out" when there was none.
 */
const KEY = Symbol.for('stitchhouse.signOutIntent');
type Holder = { [KEY]?: number };

/** Call right before an intended signOut(). The mark lasts a few seconds at most. */
export function markSignOutIntended(now = Date.now()): void {
  (globalThis as Holder)[KEY] = now;
}

/** True (once) if this tab asked for the sign-out that just happened. */
export function consumeSignOutIntent(now = Date.now(), windowMs = 10_000): boolean {
  const holder = globalThis as Holder;
  const at = holder[KEY];
  delete holder[KEY];
  return at !== undefined && now - at <= windowMs;
}
