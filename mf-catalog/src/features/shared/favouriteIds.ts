// The signed-in member's favourite pattern ids, read once per page and shared by every heart
// (a grid of 24 cards asks once, not 24 times).
import { useEffect, useSyncExternalStore } from 'react';
import { myFavouriteIds, setFavourite } from '../../api/social.ts';

type Store = { user: string | null; ids: Set<string>; listeners: Set<() => void>; loading: Promise<void> | null; version: number };
const store: Store = { user: null, ids: new Set(), listeners: new Set(), loading: null, version: 0 };

function publish() {
  store.version++;
  for (const listener of store.listeners) listener();
}

function loadFor(userId: string | null) {
  if (store.user === userId && (store.loading || userId === null)) return;
  store.user = userId;
  store.ids = new Set();
  store.loading = null;
  publish();
  if (!userId) return;
  const loading = myFavouriteIds().then((ids) => {
    if (store.user !== userId) return;
    store.ids = new Set(ids);
    publish();
  });
  store.loading = loading.catch(() => {
    if (store.user === userId) store.loading = null; // try again on the next mount
  });
}

/** Whether each pattern is a favourite of `userId` (none when signed out). */
export function useFavouriteIds(userId: string | null): ReadonlySet<string> {
  useEffect(() => loadFor(userId), [userId]);
  useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.version,
  );
  return store.user === userId ? store.ids : new Set();
}

/** Turns a favourite on or off at once on screen; undone if the database refuses. */
export async function toggleFavourite(patternId: string, on: boolean): Promise<void> {
  const before = new Set(store.ids);
  if (on) store.ids.add(patternId);
  else store.ids.delete(patternId);
  store.ids = new Set(store.ids);
  publish();
  try {
    await setFavourite(patternId, on);
  } catch (error) {
    store.ids = before;
    publish();
    throw error;
  }
}
