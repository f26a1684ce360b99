// The route contract's titles in the page's language: `routeTitle(route)` for a page title and main
// heading, `appLabel(app)` for what a remote is about (its fallback). `route.title` and `app.label`
// stay the contract's English (tests, SPEC.md); the words people read come from shared's catalog,
// at call time (the language can change while the page is open). Browser only: routes.ts itself
// stays free of the i18n runtime, as the functions build their links from it.
import { i18n } from './i18n/index.ts';
import { ROUTES, type AppRoute, type FrontEndApp, type RoutePath } from './routes.ts';

/** Title ids by the route's module (unique in the contract: `Home`, `./SignIn`…). */
const TITLES: Readonly<Record<string, string>> = {
  Home: /*i18n*/ 'shared.route.home',
  About: /*i18n*/ 'shared.route.about',
  AppPage: /*i18n*/ 'shared.route.app',
  Designers: /*i18n*/ 'shared.route.designers',
  Retailers: /*i18n*/ 'shared.route.retailers',
  Pricing: /*i18n*/ 'shared.route.pricing',
  Newsletter: /*i18n*/ 'shared.route.newsletter',
  PrivacyPolicy: /*i18n*/ 'shared.route.privacyPolicy',
  TermsOfUse: /*i18n*/ 'shared.route.termsOfUse',
  './SignIn': /*i18n*/ 'shared.route.signIn',
  './SignInThankYou': /*i18n*/ 'shared.route.signInThankYou',
  './SignInMagic': /*i18n*/ 'shared.route.signInMagic',
  './SignUp': /*i18n*/ 'shared.route.signUp',
  './SignUpError': /*i18n*/ 'shared.route.signUpError',
  './SignUpThankYou': /*i18n*/ 'shared.route.signUpThankYou',
  './ChangePassword': /*i18n*/ 'shared.route.changePassword',
  './ResetPassword': /*i18n*/ 'shared.route.resetPassword',
  './ExpiredLink': /*i18n*/ 'shared.route.expiredLink',
  './PatternCatalog': /*i18n*/ 'shared.route.patterns',
  './PatternSearch': /*i18n*/ 'shared.route.patternSearch',
  './MyPatterns': /*i18n*/ 'shared.route.myPatterns',
  './MyStore': /*i18n*/ 'shared.route.myStore',
  './PatternDetail': /*i18n*/ 'shared.route.pattern',
  './PatternEdit': /*i18n*/ 'shared.route.patternEdit',
  './PatternDownload': /*i18n*/ 'shared.route.patternDownload',
  './Storefront': /*i18n*/ 'shared.route.store',
  './DownloadLink': /*i18n*/ 'shared.route.downloadLink',
  './DownloadError': /*i18n*/ 'shared.route.downloadError',
  './PaymentHub': /*i18n*/ 'shared.route.payment',
  './PaymentReceive': /*i18n*/ 'shared.route.paymentReceive',
  './PaymentSend': /*i18n*/ 'shared.route.paymentSend',
  './PaymentSubscription': /*i18n*/ 'shared.route.paymentSubscription',
  './PaymentError': /*i18n*/ 'shared.route.paymentError',
  './PaymentRefresh': /*i18n*/ 'shared.route.paymentRefresh',
  './PaymentSuccess': /*i18n*/ 'shared.route.paymentSuccess',
  './AccountOverview': /*i18n*/ 'shared.route.account',
  './AccountStore': /*i18n*/ 'shared.route.accountStore',
  './AccountUser': /*i18n*/ 'shared.route.accountUser',
  './AccountWholesale': /*i18n*/ 'shared.route.accountWholesale',
  './AccountMessages': /*i18n*/ 'shared.route.accountMessages',
  './AccountThread': /*i18n*/ 'shared.route.accountThread',
  './Partners': /*i18n*/ 'shared.route.partners',
  './Resellers': /*i18n*/ 'shared.route.resellers',
  './Suppliers': /*i18n*/ 'shared.route.suppliers',
  './Reports': /*i18n*/ 'shared.route.reports',
  './Report': /*i18n*/ 'shared.route.report',
  './PointOfSale': /*i18n*/ 'shared.route.pointOfSale',
};

const APP_LABELS: Readonly<Record<string, string>> = {
  shell: /*i18n*/ 'shared.app.shell',
  mf_auth: /*i18n*/ 'shared.app.auth',
  mf_catalog: /*i18n*/ 'shared.app.catalog',
  mf_payments: /*i18n*/ 'shared.app.payments',
  mf_account: /*i18n*/ 'shared.app.account',
  mf_partners: /*i18n*/ 'shared.app.partners',
};

/** A route's title (page title, main heading) in the page's language; the contract's English for a route this table lacks. */
export function routeTitle(route: Pick<AppRoute, 'module' | 'title'>): string {
  const id = Object.hasOwn(TITLES, route.module) ? TITLES[route.module] : undefined;
  return id ? i18n._(id) : route.title;
}

/** What an app is about ("The pattern catalog"), in the page's language. */
export function appLabel(app: Pick<FrontEndApp, 'name' | 'label'>): string {
  const id = Object.hasOwn(APP_LABELS, app.name) ? APP_LABELS[app.name] : undefined;
  return id ? i18n._(id) : app.label;
}

/** The title of the contract's route at `path` ("/sign-in" → "Sign in", "Anmelden"…). */
export function pathTitle(path: RoutePath): string {
  const route = ROUTES.find((candidate) => candidate.path === path);
  return route ? routeTitle(route) : path;
}
