import { LayoutView } from './LayoutView.tsx';
import { useLayoutSession } from './useLayoutSession.ts';
import { useMemberLocale } from './useMemberLocale.ts';

/** The shell's root route element: the page frame wired to the session. */
export function Layout() {
  const { user, loading, signOut } = useLayoutSession();
  useMemberLocale(user?.id ?? null);
  return <LayoutView user={user} sessionLoading={loading} onSignOut={signOut} />;
}

export default Layout;
