import { useSyncExternalStore } from 'react';

/**
 * The "you have been signed out" notice: set by the session watcher, read by the
 * banner and by RequireAuth (which then tells /sign-in why the person is there).
 */
let current: string | null = null;
const listeners = new Set<() => void>();

export function setSessionNotice(message: string | null): void {
  current = message;
  for (const listener of listeners) listener();
}

export function getSessionNotice(): string | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionNotice(): string | null {
  return useSyncExternalStore(subscribe, getSessionNotice, () => null);
}

/** The notice is a message id of the shell's catalog, worded when the banner renders (the language may change meanwhile). */
export const SIGNED_OUT_NOTICE = /*i18n*/ 'shell.session.signedOut';
