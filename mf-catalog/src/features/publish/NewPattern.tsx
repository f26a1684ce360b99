import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { href, useSession } from '@stitchhouse/shared';
import { EmptyState, LinkButton, PageHeading, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { createPattern, myStores, publishingKeys } from '../../api/publishing.ts';
import { PatternForm } from './PatternForm.tsx';
import { patternsChanged } from './patternsChanged.ts';
import { NEW_PATTERN_VALUES } from './schema.ts';
import * as styles from './PatternEditor.module.css';

/** Navigation state of the first edit page after creating: it says the pattern was created. */
export const CREATED_STATE = { created: true } as const;

/**
 * /patterns/new/edit: the editor before anything is stored. The first "Save" creates the draft
 * with what was typed and moves to its own edit page, where photos and PDF files are added.
 */
export function NewPattern() {
  const navigate = useNavigate();
  const { loading, session } = useSession();
  const stores = useQuery({ queryKey: publishingKeys.myStores(session?.user.id ?? null), queryFn: () => myStores(), enabled: !loading });
  if (stores.data === undefined) {
    return (
      <QueryState query={stores} errorTitle="Your store could not be loaded" skeleton={<Spinner label="Loading your store…" showLabel />}>
        {() => null}
      </QueryState>
    );
  }
  const store = stores.data[0];
  if (!store) {
    return (
      <>
        <PageHeading title="New pattern">New pattern</PageHeading>
        <EmptyState title="You have no store yet" actions={<LinkButton to={href('/account/store')}>Open your store</LinkButton>}>
          Patterns are sold from a store. Open yours first; it takes a couple of minutes.
        </EmptyState>
      </>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeading title="New pattern" eyebrow={store.name}>
        New pattern
      </PageHeading>
      <div className={styles.top}>
        <LinkButton variant="ghost" to={href('/patterns/my-store')}>
          Back to my store
        </LinkButton>
      </div>
      <section className={styles.panel} aria-labelledby="details-title">
        <h2 id="details-title">Details</h2>
        <p>Nothing is saved until you press Save. Photos and PDF files come next, on the pattern’s own page.</p>
        <PatternForm
          initial={NEW_PATTERN_VALUES}
          currency={store.currency}
          onSave={async (fields, wholesale) => {
            const id = await createPattern(store, fields, wholesale);
            void patternsChanged();
            void navigate(href('/patterns/:productId/edit', { productId: id }), { replace: true, state: CREATED_STATE });
          }}
        />
      </section>
    </div>
  );
}
