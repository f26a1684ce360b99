import { describe, expect, it } from 'vitest';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import '../src/messages.ts';
import { ROUTES } from '@stitchhouse/shared/routes.ts';
import { accountInitials, accountName } from '../src/features/layout/accountLabel.ts';
import { buttonKeyAction, menuKeyAction, typeaheadIndex } from '../src/features/layout/menuKeys.ts';
import { FOOTER_GROUPS, PRIMARY_NAV, accountMenu, currentPrimaryLink, isCurrentSection, layoutPaths } from '../src/features/layout/navigation.ts';

describe('account menu keys', () => {
  it('opens at the first or last item from the button', () => {
    expect(buttonKeyAction('ArrowDown', 4)).toEqual({ type: 'focus', index: 0 });
    expect(buttonKeyAction('ArrowUp', 4)).toEqual({ type: 'focus', index: 3 });
    expect(buttonKeyAction('a', 4)).toBeNull();
    expect(buttonKeyAction('ArrowDown', 0)).toBeNull();
  });

  it('moves with wrap-around, Home and End', () => {
    expect(menuKeyAction('ArrowDown', 3, 4)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('ArrowUp', 0, 4)).toEqual({ type: 'focus', index: 3 });
    expect(menuKeyAction('ArrowDown', 1, 4)).toEqual({ type: 'focus', index: 2 });
    expect(menuKeyAction('Home', 2, 4)).toEqual({ type: 'focus', index: 0 });
    expect(menuKeyAction('End', 0, 4)).toEqual({ type: 'focus', index: 3 });
  });

  it('closes on Escape (focus back to the button) and on Tab (focus moves on)', () => {
    expect(menuKeyAction('Escape', 1, 4)).toEqual({ type: 'close', restoreFocus: true });
    expect(menuKeyAction('Tab', 1, 4)).toEqual({ type: 'close', restoreFocus: false });
    expect(menuKeyAction('x', 1, 4)).toBeNull();
  });

  it('jumps to the next item starting with a typed letter', () => {
    const labels = ['Account', 'My patterns', 'My store', 'Sign out'];
    expect(typeaheadIndex('m', 0, labels)).toBe(1);
    expect(typeaheadIndex('m', 1, labels)).toBe(2);
    expect(typeaheadIndex('M', 2, labels)).toBe(1);
    expect(typeaheadIndex('s', 0, labels)).toBe(3);
    expect(typeaheadIndex('z', 0, labels)).toBeNull();
  });
});

describe('account menu links', () => {
  it('offer "My store" to a store owner only, "Open a store" to one who signed up to sell', () => {
    const labels = (selling: Parameters<typeof accountMenu>[0]) => accountMenu(selling).map((l) => i18n._(l.label));
    expect(labels(null)).toEqual(['Account', 'My patterns']);
    expect(labels({ hasStore: false, wantsToSell: false })).toEqual(['Account', 'My patterns']);
    expect(labels({ hasStore: false, wantsToSell: true })).toEqual(['Account', 'My patterns', 'Open a store']);
    expect(labels({ hasStore: true, wantsToSell: false })).toEqual(['Account', 'My patterns', 'My store']);
  });
});

describe('layout links', () => {
  const contractPaths = new Set(ROUTES.map((r) => r.path));

  it('only link to paths of the route contract', () => {
    for (const path of layoutPaths()) expect(contractPaths, path).toContain(path);
  });

  it('cover what the header and footer must offer', () => {
    expect(PRIMARY_NAV.map((l) => l.to)).toEqual(['/patterns', '/designers', '/retailers', '/pricing']);
    const footer = FOOTER_GROUPS.flatMap((g) => g.links.map((l) => l.to));
    for (const path of [
      '/partners',
      '/partners/resellers',
      '/partners/suppliers',
      '/newsletter',
      '/about',
      '/app',
      '/point-of-sale-integration',
      '/legal/privacy-policy',
      '/legal/terms-of-use',
    ]) {
      expect(footer).toContain(path);
    }
  });

  it('marks a section current on its sub-pages only', () => {
    expect(isCurrentSection('/patterns', '/patterns')).toBe(true);
    expect(isCurrentSection('/patterns', '/patterns/abc')).toBe(true);
    expect(isCurrentSection('/patterns', '/patterns-old')).toBe(false);
    expect(isCurrentSection('/', '/pricing')).toBe(false);
    // The most specific link wins: "My store" is in the account menu, not the catalog.
    expect(currentPrimaryLink('/patterns/abc')).toBe('/patterns');
    expect(currentPrimaryLink('/patterns/my-store')).toBeNull();
    expect(currentPrimaryLink('/patterns/my-patterns')).toBeNull();
    expect(currentPrimaryLink('/pricing')).toBe('/pricing');
    expect(currentPrimaryLink('/about')).toBeNull();
  });
});

describe('account label', () => {
  it('prefers the display name, then the e-mail', () => {
    expect(accountName({ email: 'ada@example.com', user_metadata: { display_name: ' Ada Lovelace ' } })).toBe('Ada Lovelace');
    expect(accountName({ email: 'ada@example.com', user_metadata: { display_name: 42 } })).toBe('ada');
    expect(accountName({ email: null })).toBe('Your account');
  });

  it('makes one or two initials', () => {
    expect(accountInitials({ user_metadata: { display_name: 'Ada King Lovelace' } })).toBe('AL');
    expect(accountInitials({ email: 'maria.lopez@example.com' })).toBe('ML');
    expect(accountInitials({ email: 'zoe@example.com' })).toBe('Z');
    expect(accountInitials({ user_metadata: { display_name: 'Émile Ørsted' } })).toBe('ÉØ');
  });
});
