import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { href, useSession } from '@stitchhouse/shared';
import { EmptyState, LinkButton, PageHeading, QueryState, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { createPattern, myStores, publishingKeys } from '../../api/publish.ts';
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
  const { i18n } = useLingui();
  const { loading, session } = useSession();
  const stores = useQuery({ queryKey: publishingKeys.myStores(session?.user.id ?? null), queryFn: () => myStores(), enabled: !loading });
  if (stores.data === undefined) {
    return (
      <QueryState
        query={stores}
        errorTitle={i18n._('catalog.publish.store.loadError')}
        skeleton={<Spinner label={i18n._('catalog.publish.store.loading')} showLabel />}
      >
        {() => null}
      </QueryState>
    );
  }
  const store = stores.data[0];
  if (!store) {
    return (
      <>
        <PageHeading title={i18n._('catalog.publish.store.new')}>{i18n._('catalog.publish.store.new')}</PageHeading>
        <EmptyState
          title={i18n._('catalog.publish.store.none')}
          actions={<LinkButton to={href('/account/store')}>{i18n._('catalog.publish.store.open')}</LinkButton>}
        >
          {i18n._('catalog.publish.new.noStoreText')}
        </EmptyState>
      </>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeading title={i18n._('catalog.publish.store.new')} eyebrow={store.name}>
        {i18n._('catalog.publish.store.new')}
      </PageHeading>
      <div className={styles.top}>
        <LinkButton variant="ghost" to={href('/patterns/my-store')}>
          {i18n._('catalog.publish.edit.backToStore')}
        </LinkButton>
      </div>
      <section className={styles.panel} aria-labelledby="details-title">
        <h2 id="details-title">{i18n._('catalog.publish.edit.details')}</h2>
        <p>{i18n._('catalog.publish.new.hint')}</p>
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
