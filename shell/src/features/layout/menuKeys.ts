/**
 * Keyboard behaviour of the account menu (WAI-ARIA menu button pattern), kept
 * pure so it is tested without a DOM.
 */
export type MenuKeyAction = { type: 'focus'; index: number } | { type: 'close'; restoreFocus: boolean } | null;

/** What a key pressed on the menu button does: arrows open the menu at either end. */
export function buttonKeyAction(key: string, count: number): MenuKeyAction {
  if (count === 0) return null;
  if (key === 'ArrowDown') return { type: 'focus', index: 0 };
  if (key === 'ArrowUp') return { type: 'focus', index: count - 1 };
  return null;
}

/** What a key pressed inside the open menu does, given the focused item. */
export function menuKeyAction(key: string, current: number, count: number): MenuKeyAction {
  if (count === 0) return key === 'Escape' ? { type: 'close', restoreFocus: true } : null;
  switch (key) {
    case 'ArrowDown':
      return { type: 'focus', index: (current + 1) % count };
    case 'ArrowUp':
      return { type: 'focus', index: (current - 1 + count) % count };
    case 'Home':
      return { type: 'focus', index: 0 };
    case 'End':
      return { type: 'focus', index: count - 1 };
    case 'Escape':
      return { type: 'close', restoreFocus: true };
    case 'Tab':
      // Let the browser move focus on; just fold the menu away.
      return { type: 'close', restoreFocus: false };
    default:
      return null;
  }
}

/** Type-ahead: the next item after `current` whose label starts with the typed character. */
export function typeaheadIndex(char: string, current: number, labels: readonly string[]): number | null {
  if (char.length !== 1 || labels.length === 0) return null;
  const wanted = char.toLocaleLowerCase();
  for (let step = 1; step <= labels.length; step += 1) {
    const index = (current + step) % labels.length;
    if (labels[index]!.trim().toLocaleLowerCase().startsWith(wanted)) return index;
  }
  return null;
}
