import { errorMessage } from '@stitchhouse/shared/errors.ts';
import { FeaturedPatterns } from './FeaturedPatterns.tsx';
import { loadFeaturedPatterns } from './loadFeatured.ts';

/** The featured section wired to the live catalog, as the home page uses it. */
export function FeaturedCatalog() {
  return <FeaturedPatterns load={loadFeaturedPatterns} describeError={errorMessage} />;
}

export { FeaturedPatterns } from './FeaturedPatterns.tsx';
export * from './featuredModel.ts';
