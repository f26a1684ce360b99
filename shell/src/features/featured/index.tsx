import { FeaturedPatterns } from './FeaturedPatterns.tsx';
import { loadFeaturedPatterns } from '../../api/featured.ts';

// The error wording (every PostgREST, network and auth message) is only fetched when a
// load fails, so it stays out of the home page's first paint.
const describeError = async (error: unknown): Promise<string> => (await import('@stitchhouse/shared/errors.ts')).errorMessage(error);

/** The featured section wired to the live catalog, as the home page uses it. */
export function FeaturedCatalog() {
  return <FeaturedPatterns load={loadFeaturedPatterns} describeError={describeError} />;
}

export { FeaturedPatterns } from './FeaturedPatterns.tsx';
export { FollowedPatterns } from './FollowedPatterns.tsx';
export * from '../../api/featuredModel.ts';
