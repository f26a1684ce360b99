import { useEffect, useState } from 'react';
import { commonPasswordsLoaded, loadCommonPasswords } from '@stitchhouse/shared/auth/index.ts';

/**
 * Loads the common-password list (a lazy chunk, ~25 KB gzipped) when a screen that sets a
 * password opens, not on first paint; re-renders once it is in so the checklist can say
 * "Not a commonly used password" as the person types. If it fails, the server still refuses.
 */
export function useCommonPasswords(): boolean {
  const [ready, setReady] = useState(commonPasswordsLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    loadCommonPasswords().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return ready;
}
