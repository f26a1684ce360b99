/**
 * react-router gives the location of the first page load the key "default".
 * Focusing the heading then would steal focus from the browser's own start
 * point; after a client-side navigation it tells screen-reader and keyboard
 * users that the page changed, as a full page load would have.
 */
export function shouldFocusHeading(locationKey: string | undefined): boolean {
  return locationKey !== undefined && locationKey !== 'default';
}
