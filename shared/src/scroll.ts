// Where a navigation leaves the window's scroll position. The shell's ScrollMemory opens every
// new page at the top and restores the position on Back/Forward; a navigation that only
// refines the same screen (a catalog filter typed into the sidebar) passes this history state
// to stay where the person is.
export const KEEP_SCROLL = { keepScroll: true } as const;

export function keepsScroll(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { keepScroll?: unknown }).keepScroll === true;
}
