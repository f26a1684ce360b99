import { href } from '@stitchhouse/shared';
/** The links of the header, the account menu and the footer, in display order. */
export interface NavLinkItem {
  to: string;
  /** A message id of the shell's catalog: `i18n._(item.label)`. */
  label: string;
}

export const PRIMARY_NAV: readonly NavLinkItem[] = [
  { to: href('/patterns'), label: /*i18n*/ 'shell.nav.catalog' },
  { to: href('/designers'), label: /*i18n*/ 'shell.nav.designers' },
  { to: href('/retailers'), label: /*i18n*/ 'shell.nav.shops' },
  { to: href('/pricing'), label: /*i18n*/ 'shell.nav.pricing' },
];

/** The account menu's links for everyone signed in. */
export const ACCOUNT_MENU: readonly NavLinkItem[] = [
  { to: href('/account'), label: /*i18n*/ 'shell.nav.account' },
  { to: href('/patterns/my-patterns'), label: /*i18n*/ 'shell.nav.myPatterns' },
];

/** Only for a store's owner. */
export const MY_STORE_LINK: NavLinkItem = { to: href('/patterns/my-store'), label: /*i18n*/ 'shell.nav.myStore' };
/** For a designer or shop account without a store yet: the way to open one. */
export const OPEN_STORE_LINK: NavLinkItem = { to: href('/account/store'), label: /*i18n*/ 'shell.nav.openAStore' };

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
    heading: /*i18n*/ 'shell.footer.marketplaceHeading',
    links: [
      { to: href('/patterns'), label: /*i18n*/ 'shell.footer.catalog' },
      { to: href('/designers'), label: /*i18n*/ 'shell.footer.sellYourPatterns' },
      { to: href('/retailers'), label: /*i18n*/ 'shell.footer.forShops' },
      { to: href('/pricing'), label: /*i18n*/ 'shell.footer.pricing' },
      { to: href('/app'), label: /*i18n*/ 'shell.footer.app' },
    ],
  },
  {
    heading: /*i18n*/ 'shell.footer.partnersHeading',
    links: [
      { to: href('/partners'), label: /*i18n*/ 'shell.footer.partnerProgramme' },
      { to: href('/partners/resellers'), label: /*i18n*/ 'shell.footer.resellers' },
      { to: href('/partners/suppliers'), label: /*i18n*/ 'shell.footer.suppliers' },
      { to: href('/point-of-sale-integration'), label: /*i18n*/ 'shell.footer.pointOfSaleIntegration' },
    ],
  },
  {
    heading: /*i18n*/ 'shell.footer.companyHeading',
    links: [
      { to: href('/about'), label: /*i18n*/ 'shell.footer.about' },
      { to: href('/newsletter'), label: /*i18n*/ 'shell.footer.newsletter' },
    ],
  },
  {
    heading: /*i18n*/ 'shell.footer.legalHeading',
    links: [
      { to: href('/legal/privacy-policy'), label: /*i18n*/ 'shell.footer.privacyPolicy' },
      { to: href('/legal/terms-of-use'), label: /*i18n*/ 'shell.footer.termsOfUse' },
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
