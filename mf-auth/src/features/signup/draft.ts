// The sign-up form's answers (never the password) kept for this tab only, so a detour
// through /sign-up/error or a reload does not make anyone type them again.
const KEY = 'stitchhouse.sign-up-draft';

export interface SignUpDraft {
  displayName: string;
  email: string;
  intent: string;
}

export function loadSignUpDraft(storage: Pick<Storage, 'getItem'> | undefined = globalThis.sessionStorage): SignUpDraft | null {
  try {
    const raw = storage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<Record<keyof SignUpDraft, unknown>>;
    const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 254) : '');
    return { displayName: text(value.displayName), email: text(value.email), intent: text(value.intent) };
  } catch {
    return null; // storage blocked or a damaged entry: start empty
  }
}

export function saveSignUpDraft(draft: SignUpDraft, storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined = globalThis.sessionStorage): void {
  try {
    if (!draft.displayName && !draft.email && !draft.intent) storage?.removeItem(KEY);
    // Only these three fields, whatever the caller passed: a password must never be stored.
    else storage?.setItem(KEY, JSON.stringify({ displayName: draft.displayName, email: draft.email, intent: draft.intent }));
  } catch {
    // Private mode or full storage: the draft is a convenience only.
  }
}

export function clearSignUpDraft(storage: Pick<Storage, 'removeItem'> | undefined = globalThis.sessionStorage): void {
  try {
    storage?.removeItem(KEY);
  } catch {
    // see above
  }
}
