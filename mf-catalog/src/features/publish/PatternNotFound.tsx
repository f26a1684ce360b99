import { EmptyState, LinkButton, PageHeading } from '@stitchhouse/shared/ui/index.ts';

/** Unknown, unpublished or someone else's pattern: one answer, so nothing leaks about drafts. */
export function PatternNotFound() {
  return (
    <>
      <PageHeading title="Pattern not found">Pattern not found</PageHeading>
      <EmptyState title="This pattern is not available" actions={<LinkButton to="/patterns">Browse patterns</LinkButton>}>
        It does not exist or is not available. Check the link, or find another pattern in the catalog.
      </EmptyState>
    </>
  );
}
