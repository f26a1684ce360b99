import { useQuery } from '@tanstack/react-query';
import { commonPasswordsLoaded, loadCommonPasswords } from '@stitchhouse/shared/auth/index.ts';

/**
 * Loads the common-password list (a lazy chunk, ~25 KB gzipped) when a screen that sets a
 * password opens, not on first paint; re-renders once it is in so the checklist can say
 * "Not a commonly used password" as the person types. If it fails, the server still refuses.
 */
export function useCommonPasswords(): boolean {
  const already = commonPasswordsLoaded();
  const list = useQuery({
    queryKey: ['auth', 'common-passwords'],
    queryFn: () => loadCommonPasswords().then(() => true),
    enabled: !already,
    staleTime: Infinity,
    retry: false,
  });
  return already || list.isSuccess;
}
