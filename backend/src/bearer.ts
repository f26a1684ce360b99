// The token of an `Authorization: Bearer <token>` header, read one way by every service
// (auth, storage, functions, mail, the Stripe sandbox): case-insensitive scheme, surrounding
// white space ignored, exactly one token. Each service words its own refusal.
export function bearerToken(authorization: string | null | undefined): string | null {
  const match = /^bearer\s+(\S+)$/i.exec((authorization ?? '').trim());
  return match ? match[1]! : null;
}
