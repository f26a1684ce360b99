// The address a guest pays with, kept for this browser tab: it is not on the anonymous user
// (that has no email until it converts), and the checkout and the success page both need it.
const KEY = 'stitchhouse.guestEmail';

export function rememberedGuestEmail(): string {
  try {
    return window.sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberGuestEmail(email: string): void {
  try {
    window.sessionStorage.setItem(KEY, email);
  } catch {
    // storage blocked: the field simply starts empty next time
  }
}
