import { useLocation, useNavigate } from 'react-router';
import { href, memberOnceKnown } from '@stitchhouse/shared';

/**
 * For a button only a member can use (a heart, Follow, Get for free): resolves to the member's id,
 * waiting for the session if the page is still reading it (a member pressing early is not sent to
 * sign in), or to null after sending a visitor to sign in and back to this page.
 */
export function useMemberOrSignIn(): () => Promise<string | null> {
  const navigate = useNavigate();
  const location = useLocation();
  return async () => {
    const member = await memberOnceKnown();
    if (!member) void navigate(href('/sign-in', { next: location.pathname + location.search }));
    return member;
  };
}
