// Confirm tokens: 32 random bytes (base64url, 43 characters) mailed to the person; only
// their SHA-256 is stored, so the subscriber table alone cannot confirm anyone.
export const CONFIRM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
// The unsubscribe token is the table's `token` column: 24 random bytes as hex.
export const UNSUBSCRIBE_TOKEN_PATTERN = /^[0-9a-f]{48}$/;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function newConfirmToken(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}
