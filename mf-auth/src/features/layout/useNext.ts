import { useSearchParams } from 'react-router';
import { safeNextPath } from '@stitchhouse/shared/auth/index.ts';

/** The same-site page to return to after signing in (`?next=`), or the default. */
export function useNext(): { next: string; hasNext: boolean } {
  const [params] = useSearchParams();
  const raw = params.get('next');
  return { next: safeNextPath(raw), hasNext: raw !== null && safeNextPath(raw, '') !== '' };
}
