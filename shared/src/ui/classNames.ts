/** Joins class names, skipping empty ones: cx('a', cond && 'b', undefined) → 'a b'. */
export function cx(...names: Array<string | false | null | undefined>): string {
  return names.filter((n): n is string => typeof n === 'string' && n.length > 0).join(' ');
}

/**
 * The aria-describedby value for a control: hint first, then error, so a screen
 * reader reads "what to enter" before "what went wrong". Undefined when empty so
 * React leaves the attribute off.
 */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const joined = cx(...ids);
  return joined === '' ? undefined : joined;
}
