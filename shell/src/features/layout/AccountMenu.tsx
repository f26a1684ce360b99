import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { QueryProvider } from '@stitchhouse/shared/query/client.ts';
import { loadSelling, sellingKeys } from '../../api/selling.ts';
import { accountInitials, accountName, type AccountUser } from './accountLabel.ts';
import { buttonKeyAction, menuKeyAction, typeaheadIndex, type MenuKeyAction } from './menuKeys.ts';
import { accountMenu } from './navigation.ts';
import * as styles from './AccountMenu.module.css';

export interface AccountMenuProps {
  user: AccountUser;
  /** Ends the session; the menu shows "Signing out…" until it settles. */
  onSignOut: () => Promise<void>;
}

/**
 * The signed-in user's menu: a menu button (aria-expanded) with arrow-key navigation. The header
 * loads it as a chunk of its own once someone is signed in (SiteHeader.tsx), so a visitor's page,
 * home first, downloads neither it nor TanStack Query; it reads through the page's one query client.
 */
export default function AccountMenu(props: AccountMenuProps) {
  return (
    <QueryProvider>
      <Menu {...props} />
    </QueryProvider>
  );
}

function Menu({ user, onSignOut }: AccountMenuProps) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<number | null>(null);
  const menuId = useId();
  const location = useLocation();
  // "My store" only for a store's owner, "Open a store" for one who signed up to sell; asked
  // again on opening the menu until there is a store (one may have been opened meanwhile).
  const userId = user.id ?? '';
  const selling = useQuery({ queryKey: sellingKeys.of(userId), queryFn: ({ signal }) => loadSelling(userId, signal), enabled: userId !== '' });
  const items = accountMenu(selling.data ?? null);
  const signOutLabel = i18n._('shell.account.signOut');
  const labels = [...items.map((i) => i18n._(i.label)), signOutLabel];
  const name = accountName(user);

  // Close after navigating through the menu.
  useEffect(() => setOpen(false), [location.pathname]);

  // Focus the requested item once the menu has rendered.
  useEffect(() => {
    if (open && pendingFocus.current !== null) {
      itemRefs.current[pendingFocus.current]?.focus();
      pendingFocus.current = null;
    }
  }, [open]);

  // A click or tap outside closes the menu without moving focus.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const apply = (action: MenuKeyAction) => {
    if (!action) return false;
    if (action.type === 'focus') {
      if (open) itemRefs.current[action.index]?.focus();
      else {
        pendingFocus.current = action.index;
        setOpen(true);
      }
    } else {
      setOpen(false);
      if (action.restoreFocus) buttonRef.current?.focus();
    }
    return true;
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      event.stopPropagation();
      return;
    }
    if (apply(buttonKeyAction(event.key, labels.length))) event.preventDefault();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = itemRefs.current.findIndex((el) => el === document.activeElement);
    const action =
      menuKeyAction(event.key, current, labels.length) ??
      (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
        ? (() => {
            const index = typeaheadIndex(event.key, current, labels);
            return index === null ? null : ({ type: 'focus', index } as const);
          })()
        : null);
    if (apply(action) && event.key !== 'Tab') {
      event.preventDefault();
      // Escape closes this menu only, not the mobile panel around it.
      event.stopPropagation();
    }
  };

  const toggle = () => {
    if (!open) pendingFocus.current = 0;
    if (!open && userId && !selling.isFetching && !selling.data?.hasStore) void selling.refetch();
    setOpen((was) => !was);
  };

  const signOut = async () => {
    setSigningOut(true);
    try {
      await onSignOut();
    } finally {
      setSigningOut(false);
      setOpen(false);
    }
  };

  return (
    <div className={styles.wrapper} ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
      >
        <span className={styles.avatar} aria-hidden="true">
          {accountInitials(user)}
        </span>
        <span className={styles.name}>
          <Trans id="shell.account.menuFor" values={{ name }} components={{ 0: <span className={styles.srOnly} /> }} />
        </span>
        <span className={styles.chevron} aria-hidden="true" />
      </button>
      <ul id={menuId} role="menu" aria-label={i18n._('shell.account.menuLabel', { name })} className={styles.menu} hidden={!open} onKeyDown={onMenuKeyDown}>
        {items.map((item, index) => (
          <li key={item.to} role="none">
            <Link
              ref={(el) => {
                itemRefs.current[index] = el;
              }}
              role="menuitem"
              tabIndex={-1}
              to={item.to}
              className={styles.item}
            >
              {i18n._(item.label)}
            </Link>
          </li>
        ))}
        <li role="none" className={styles.separator}>
          <button
            ref={(el) => {
              itemRefs.current[items.length] = el;
            }}
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={styles.item}
            onClick={() => void signOut()}
            aria-disabled={signingOut || undefined}
            disabled={signingOut}
          >
            {signingOut ? i18n._('shell.account.signingOut') : signOutLabel}
          </button>
        </li>
      </ul>
    </div>
  );
}
