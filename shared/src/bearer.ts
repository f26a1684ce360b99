// The token of an `Authorization: Bearer <token>` header, read one way by every service (auth,
// storage, functions runner, mail, the Stripe sandbox) and every function: case-insensitive
// scheme, surrounding white space ignored, exactly one token. Each caller words its own refusal.
export function parseBearer(authorization: string | null | undefined): string | null {
  const match = /^bearer\s+(\S+)$/i.exec((authorization ?? '').trim());
  return match ? match[1]! : null;
}
