/**
 * The route contract: every path of SPEC.md, who renders it and with which module.
 * The shell builds its router from this list, each remote builds its standalone
 * router from its own slice, and tests hold it against SPEC.md and each remote's
 * `exposes`. Change a route here, nowhere else.
 */

// (the import attribute lets the functions, under Deno, build their links from this contract too)
import APPS from './apps.json' with { type: 'json' };

/** Module Federation container names (underscore: they become global names). */
export type RemoteName = `mf_${string}`;
export type RouteOwner = 'shell' | RemoteName;

/** One front-end app: the list is apps.json, which scripts, rspack configs, e2e and benches read too. */
export interface FrontEndApp {
  /** MF container name (`shell`, `mf_auth`…). */
  name: string;
  /** Workspace folder of the app. */
  folder: string;
  /** Port used by `npm start` (tests use free ports). */
  port: number;
  /** What the app is about, in the marketplace's words (used in fallbacks). */
  label: string;
}

export interface RemoteApp extends FrontEndApp {
  name: RemoteName;
}

export const FRONT_END_APPS: readonly FrontEndApp[] = APPS;

export const SHELL_APP: FrontEndApp = APPS.find((app) => app.name === 'shell')!;

export const REMOTE_APPS: readonly RemoteApp[] = APPS.filter((app): app is RemoteApp => app.name.startsWith('mf_'));

export interface AppRoute<Path extends string = string> {
  /** react-router path, exactly as SPEC.md names it (`{param}` written `:param`). */
  path: Path;
  owner: RouteOwner;
  /**
   * For a remote: the exposed module key (`./SignIn`), loaded as `mf_auth/SignIn`.
   * For the shell: the page file in shell/src/routes (`Home` → routes/Home.tsx).
   */
  module: string;
  /** Page title and main heading. */
  title: string;
  /** The screen needs a signed-in user. */
  signIn: boolean;
  /** Values for dynamic segments, used by tests and link examples. */
  sample?: Readonly<Record<string, string>>;
}

const SAMPLE_PRODUCT = { productId: '00000000-0000-4000-8000-000000000001' };

function r<Path extends string>(path: Path, owner: RouteOwner, module: string, title: string, signIn = false, sample?: Record<string, string>): AppRoute<Path> {
  return sample ? { path, owner, module, title, signIn, sample } : { path, owner, module, title, signIn };
}

const ROUTE_LIST = [
  // Marketing and legal, rendered by the shell itself.
  r('/', 'shell', 'Home', 'Sewing and craft patterns'),
  r('/about', 'shell', 'About', 'About us'),
  r('/app', 'shell', 'AppPage', 'The app'),
  r('/designers', 'shell', 'Designers', 'For designers'),
  r('/retailers', 'shell', 'Retailers', 'For retailers'),
  r('/pricing', 'shell', 'Pricing', 'Pricing'),
  r('/newsletter', 'shell', 'Newsletter', 'Newsletter'),
  r('/legal/privacy-policy', 'shell', 'PrivacyPolicy', 'Privacy policy'),
  r('/legal/terms-of-use', 'shell', 'TermsOfUse', 'Terms of use'),

  // Access.
  r('/sign-in', 'mf_auth', './SignIn', 'Sign in'),
  r('/sign-in/thank-you', 'mf_auth', './SignInThankYou', 'Check your email'),
  r('/sign-in-magic', 'mf_auth', './SignInMagic', 'Sign in with a magic link'),
  r('/sign-up', 'mf_auth', './SignUp', 'Create your account'),
  r('/sign-up/error', 'mf_auth', './SignUpError', 'We could not create your account'),
  r('/sign-up/thank-you', 'mf_auth', './SignUpThankYou', 'Confirm your email'),
  r('/change-password', 'mf_auth', './ChangePassword', 'Change your password'),
  r('/reset-password', 'mf_auth', './ResetPassword', 'Reset your password'),
  r('/expired-link', 'mf_auth', './ExpiredLink', 'This link has expired'),

  // Patterns, stores and downloads.
  r('/patterns', 'mf_catalog', './PatternCatalog', 'Patterns'),
  r('/patterns/search', 'mf_catalog', './PatternSearch', 'Search patterns'),
  r('/patterns/my-patterns', 'mf_catalog', './MyPatterns', 'My patterns', true),
  r('/patterns/my-store', 'mf_catalog', './MyStore', 'My store', true),
  r('/patterns/:productId', 'mf_catalog', './PatternDetail', 'Pattern', false, SAMPLE_PRODUCT),
  r('/patterns/:productId/edit', 'mf_catalog', './PatternEdit', 'Edit pattern', true, SAMPLE_PRODUCT),
  r('/patterns/:productId/download', 'mf_catalog', './PatternDownload', 'Download pattern', true, SAMPLE_PRODUCT),
  r('/stores/:slug', 'mf_catalog', './Storefront', 'Store', false, { slug: 'linen-and-thread' }),
  r('/download/:productId', 'mf_catalog', './DownloadLink', 'Preparing your download', true, SAMPLE_PRODUCT),
  r('/download/error', 'mf_catalog', './DownloadError', 'The download did not start'),

  // Payments.
  r('/payment', 'mf_payments', './PaymentHub', 'Payments', true),
  r('/payment/receive', 'mf_payments', './PaymentReceive', 'Get paid', true),
  // open signed out: the page offers Sign in or guest checkout (anonymous sign-in)
  r('/payment/send', 'mf_payments', './PaymentSend', 'Checkout'),
  r('/payment/subscription', 'mf_payments', './PaymentSubscription', 'Your store plan', true),
  r('/payment/error', 'mf_payments', './PaymentError', 'The payment did not go through'),
  r('/payment/refresh', 'mf_payments', './PaymentRefresh', 'Continue your payout setup', true),
  r('/payment/success', 'mf_payments', './PaymentSuccess', 'Payment received'),

  // Account.
  r('/account', 'mf_account', './AccountOverview', 'Your account', true),
  r('/account/store', 'mf_account', './AccountStore', 'Your store', true),
  r('/account/user', 'mf_account', './AccountUser', 'Your profile and security', true),
  r('/account/wholesale', 'mf_account', './AccountWholesale', 'Wholesale account', true),
  r('/account/messages', 'mf_account', './AccountMessages', 'Messages', true),
  r('/account/messages/:threadId', 'mf_account', './AccountThread', 'Conversation', true, { threadId: '00000000-0000-4000-8000-000000000033' }),

  // Partners and reports.
  r('/partners', 'mf_partners', './Partners', 'Partner programme'),
  r('/partners/resellers', 'mf_partners', './Resellers', 'Resellers'),
  r('/partners/suppliers', 'mf_partners', './Suppliers', 'Suppliers'),
  r('/reports', 'mf_partners', './Reports', 'Reports', true),
  r('/reports/:reportSlug', 'mf_partners', './Report', 'Report', true, { reportSlug: 'sales' }),
  r('/point-of-sale-integration', 'mf_partners', './PointOfSale', 'Point-of-sale integration'),
];

export const ROUTES: readonly AppRoute[] = ROUTE_LIST;

/** Every path pattern of the contract, as a type: `'/' | '/about' | … | '/reports/:reportSlug'`. */
export type RoutePath = (typeof ROUTE_LIST)[number]['path'];

/** The `:param` names of a path pattern: `'/patterns/:productId/edit'` → `'productId'`. */
export type RouteParams<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | RouteParams<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A query: its values (`undefined` and `null` leave the key out), or one already written (`a=1&b=2`, no `?`). */
export type RouteQuery = Readonly<Record<string, string | number | boolean | null | undefined>> | URLSearchParams | string;

type HrefArgs<Path extends RoutePath> = [RouteParams<Path>] extends [never]
  ? [query?: RouteQuery]
  : [values: Readonly<Record<RouteParams<Path>, string>>, query?: RouteQuery];

/** The routes one owner renders. */
export function routesOf(owner: RouteOwner): AppRoute[] {
  return ROUTES.filter((route) => route.owner === owner);
}

export function remoteApp(name: RemoteName): RemoteApp {
  const app = REMOTE_APPS.find((a) => a.name === name);
  if (!app) throw new Error(`Unknown remote "${name}"`);
  return app;
}

/** `mf_auth` + `./SignIn` → `mf_auth/SignIn`, the id `loadRemote` takes. */
export function remoteModuleId(route: AppRoute): string {
  if (route.owner === 'shell') throw new Error(`${route.path} is rendered by the shell, not a remote`);
  return `${route.owner}/${route.module.replace(/^\.\//, '')}`;
}

function fill(path: string, values: Readonly<Record<string, string>>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${path} needs a value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Fills `:param` segments from `values` (or the route's sample values). */
export function routeHref(route: AppRoute, values: Readonly<Record<string, string>> = route.sample ?? {}): string {
  return fill(route.path, values);
}

/**
 * The one way to write an in-app link: a path pattern of the contract, its values, an optional query.
 * `href('/patterns/:productId/edit', { productId })`, `href('/sign-in', { next })`. A path the contract
 * does not have, or a missing value, is a type error; values are URI-encoded, empty query values dropped.
 * (`shared/test/route-links.test.ts` fails on an in-app path written by hand in an app's sources.)
 */
export function href<Path extends RoutePath>(path: Path, ...args: HrefArgs<Path>): string {
  const dynamic = path.includes(':');
  const values = (dynamic ? args[0] : {}) as Readonly<Record<string, string>>;
  const query = (dynamic ? args[1] : args[0]) as RouteQuery | undefined;
  let text: string;
  if (typeof query === 'string' || query instanceof URLSearchParams) text = query.toString();
  else {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) search.append(key, String(value));
    text = search.toString();
  }
  return `${fill(path, values)}${text ? `?${text}` : ''}`;
}

/** The contract entry for a path pattern such as `/patterns/:productId`. */
function routeByPath(path: string): AppRoute {
  const route = ROUTES.find((r2) => r2.path === path);
  if (!route) throw new Error(`No route ${path} in the route contract`);
  return route;
}

/**
 * An absolute link to a screen of the contract, for emails and payment return pages:
 * `siteLink(site, '/download/:productId', { productId }, { expires })`. A path the contract does
 * not have throws, so a mail can never point at a screen that does not exist.
 */
export function siteLink(siteUrl: string, path: string, values: Readonly<Record<string, string>> = {}, query: Readonly<Record<string, string>> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${siteUrl.replace(/\/+$/, '')}${routeHref(routeByPath(path), values)}${search ? `?${search}` : ''}`;
}
