import { href } from '@stitchhouse/shared';
/** The links of the header, the account menu and the footer, in display order. */
export interface NavLinkItem {
  to: string;
  label: string;
}

export const PRIMARY_NAV: readonly NavLinkItem[] = [
  { to: href('/patterns'), label: 'Catalog' },
  { to: href('/designers'), label: 'Designers' },
  { to: href('/retailers'), label: 'Shops' },
  { to: href('/pricing'), label: 'Pricing' },
];

/** The account menu's links for everyone signed in. */
export const ACCOUNT_MENU: readonly NavLinkItem[] = [
  { to: href('/account'), label: 'Account' },
  { to: href('/patterns/my-patterns'), label: 'My patterns' },
];

/** Only for a store's owner. */
export const MY_STORE_LINK: NavLinkItem = { to: href('/patterns/my-store'), label: 'My store' };
/** For a designer or shop account without a store yet: the way to open one. */
export const OPEN_STORE_LINK: NavLinkItem = { to: href('/account/store'), label: 'Open a store' };

/** The account menu of a member: "My store" only with a store, "Open a store" for one who signed up to sell. */
export function accountMenu(selling: { hasStore: boolean; wantsToSell: boolean } | null): readonly NavLinkItem[] {
  if (selling?.hasStore) return [...ACCOUNT_MENU, MY_STORE_LINK];
  if (selling?.wantsToSell) return [...ACCOUNT_MENU, OPEN_STORE_LINK];
  return ACCOUNT_MENU;
}

export const SIGN_IN_PATH = href('/sign-in');
export const SIGN_UP_PATH = href('/sign-up');

export interface FooterGroup {
  heading: string;
  links: readonly NavLinkItem[];
}

export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    heading: 'Marketplace',
    links: [
      { to: href('/patterns'), label: 'Catalog' },
      { to: href('/designers'), label: 'Sell your patterns' },
      { to: href('/retailers'), label: 'For shops' },
      { to: href('/pricing'), label: 'Pricing' },
      { to: href('/app'), label: 'App' },
    ],
  },
  {
    heading: 'Partners',
    links: [
      { to: href('/partners'), label: 'Partner programme' },
      { to: href('/partners/resellers'), label: 'Resellers' },
      { to: href('/partners/suppliers'), label: 'Suppliers' },
      { to: href('/point-of-sale-integration'), label: 'Point-of-sale integration' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { to: href('/about'), label: 'About' },
      { to: href('/newsletter'), label: 'Newsletter' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { to: href('/legal/privacy-policy'), label: 'Privacy policy' },
      { to: href('/legal/terms-of-use'), label: 'Terms of use' },
    ],
  },
];

/** Every path the layout links to, for the test that checks them against the route contract. */
export function layoutPaths(): string[] {
  const all = [...PRIMARY_NAV, ...ACCOUNT_MENU, MY_STORE_LINK, OPEN_STORE_LINK, ...FOOTER_GROUPS.flatMap((g) => g.links)].map((l) => l.to);
  return [...new Set([...all, SIGN_IN_PATH, SIGN_UP_PATH])];
}

/** A header link is current on its own path and below it (/patterns/123 is in Catalog)… */
export function isCurrentSection(linkPath: string, pathname: string): boolean {
  if (linkPath === '/') return pathname === '/';
  return pathname === linkPath || pathname.startsWith(`${linkPath}/`);
}

/**
 * The header link of the section `pathname` is in: the most specific matching link wins, so
 * /patterns/my-store belongs to "My store" (account menu), not to "Catalog". Null when the
 * page is in no header section or in an account-menu one.
 */
export function currentPrimaryLink(pathname: string): string | null {
  const best = [...PRIMARY_NAV, ...ACCOUNT_MENU, MY_STORE_LINK]
    .map((item) => item.to)
    .filter((to) => isCurrentSection(to, pathname))
    .sort((a, b) => b.length - a.length)[0];
  return best && PRIMARY_NAV.some((item) => item.to === best) ? best : null;
}
