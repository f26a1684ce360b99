// The signed-in member's favourite pattern ids, read once per page and shared by every heart
// (a grid of 24 cards asks once, not 24 times).
import { useEffect, useSyncExternalStore } from 'react';
import { myFavouriteIds, setFavourite } from '../../api/social.ts';

type Store = {
  user: string | null;
  ids: Set<string>;
  listeners: Set<() => void>;
  loading: Promise<void> | null;
  version: number;
  /** Hearts pressed while the list is still on its way: the list was read before them, so they are laid over it. */
  pressedWhileLoading: Map<string, boolean> | null;
};
const store: Store = { user: null, ids: new Set(), listeners: new Set(), loading: null, version: 0, pressedWhileLoading: null };

function publish() {
  store.version++;
  for (const listener of store.listeners) listener();
}

function show(patternId: string, on: boolean) {
  const ids = new Set(store.ids);
  if (on) ids.add(patternId);
  else ids.delete(patternId);
  store.ids = ids;
  store.pressedWhileLoading?.set(patternId, on);
  publish();
}

/** Starts reading `userId`'s favourites (once per member per page; again after a failed read). */
export function loadFavouriteIds(userId: string | null) {
  if (store.user === userId && (store.loading || userId === null)) return;
  store.user = userId;
  store.ids = new Set();
  store.loading = null;
  store.pressedWhileLoading = userId ? new Map() : null;
  publish();
  if (!userId) return;
  const loading = myFavouriteIds().then((loaded) => {
    if (store.user !== userId) return;
    const ids = new Set(loaded);
    for (const [patternId, on] of store.pressedWhileLoading ?? []) {
      if (on) ids.add(patternId);
      else ids.delete(patternId);
    }
    store.ids = ids;
    store.pressedWhileLoading = null;
    publish();
  });
  store.loading = loading.catch(() => {
    if (store.user === userId) store.loading = null; // try again on the next mount
  });
}

/** Whether each pattern is a favourite of `userId` (none when signed out). */
export function useFavouriteIds(userId: string | null): ReadonlySet<string> {
  useEffect(() => loadFavouriteIds(userId), [userId]);
  useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => store.listeners.delete(listener);
    },
    () => store.version,
  );
  return favouriteIdsOf(userId);
}

/** The favourites on screen for `userId` now. */
export function favouriteIdsOf(userId: string | null): ReadonlySet<string> {
  return store.user === userId ? store.ids : new Set();
}

/** Turns a favourite on or off at once on screen; undone (that heart only) if the database refuses. */
export async function toggleFavourite(patternId: string, on: boolean): Promise<void> {
  show(patternId, on);
  try {
    await setFavourite(patternId, on);
  } catch (error) {
    show(patternId, !on);
    throw error;
  }
}
