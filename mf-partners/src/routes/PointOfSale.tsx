import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { describeError, href, useSession } from '@stitchhouse/shared';
import { signInHref } from '@stitchhouse/shared/auth/next.ts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, LinkButton, PageHeading, QueryState, Select, Spinner } from '@stitchhouse/shared/ui/index.ts';
import { firstCarriedPattern, functionsUrl, myStores, posKeys } from '../api/pointOfSale.ts';
import { ApiDocs } from '../features/point-of-sale/ApiDocs.tsx';
import { Intro } from '../features/point-of-sale/Intro.tsx';
import { SalesUpload } from '../features/point-of-sale/SalesUpload.tsx';
import { Settlement } from '../features/point-of-sale/Settlement.tsx';
import { TillKeys } from '../features/point-of-sale/TillKeys.tsx';
import * as styles from '../features/point-of-sale/pointOfSale.module.css';

/**
 * /point-of-sale-integration: what connecting a shop's till does and how to start (everyone),
 * the endpoints with curl examples for this instance; a shop owner gets the tools (keys, CSV
 * upload, what it owes), a designer what shops owe them.
 */
export default function PointOfSale() {
  const { i18n } = useLingui();
  const { session, loading } = useSession();
  const userId = session && !session.user.is_anonymous ? session.user.id : '';
  const [chosen, setChosen] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const stores = useQuery({ queryKey: posKeys.stores(userId), queryFn: () => myStores(userId), enabled: userId !== '' });
  const shops = (stores.data ?? []).filter((s) => s.kind === 'retailer');
  const designers = (stores.data ?? []).filter((s) => s.kind === 'designer');
  const shop = shops.find((s) => s.id === chosen) ?? shops[0] ?? null;
  // the examples name a pattern the shop carries: wait for the shop before building them
  const storesKnown = !loading && (!userId || !stores.isPending);
  const docs = useQuery({
    queryKey: posKeys.docs(shop?.id ?? ''),
    queryFn: async () => ({ url: await functionsUrl(), patternId: shop ? await firstCarriedPattern(shop.id) : null }),
    enabled: storesKnown,
  });

  let tools: ReactNode;
  if (loading || (userId && !stores.data && stores.status !== 'error')) {
    tools = (
      <div aria-busy="true">
        <Spinner label={i18n._('partners.pos.loadingShop')} showLabel />
      </div>
    );
  } else if (!userId) {
    tools = (
      <section className={styles.section} aria-labelledby="pos-signin">
        <h2 id="pos-signin">{i18n._('partners.pos.signIn.title')}</h2>
        <p>{i18n._('partners.pos.signIn.body')}</p>
        <div className={styles.actions}>
          <LinkButton to={signInHref(href('/point-of-sale-integration'))}>{i18n._('partners.pos.signIn')}</LinkButton>
          <Link to={href('/retailers')}>{i18n._('partners.pos.forShops')}</Link>
        </div>
      </section>
    );
  } else if (stores.status === 'error') {
    tools = (
      <Alert
        tone="danger"
        title={i18n._('partners.pos.shopFailed')}
        actions={
          <Button size="small" variant="secondary" onClick={() => void stores.refetch()}>
            {i18n._('partners.tryAgain')}
          </Button>
        }
      >
        {describeError(stores.error).message}
      </Alert>
    );
  } else if (!shop) {
    tools = (
      <section className={styles.section} aria-labelledby="pos-open">
        <h2 id="pos-open">{i18n._('partners.pos.open.title')}</h2>
        <p>{i18n._('partners.pos.open.body')}</p>
        <div className={styles.actions}>
          <LinkButton to={href('/account/store')}>{i18n._('partners.pos.open')}</LinkButton>
        </div>
      </section>
    );
  } else {
    tools = (
      <>
        {shops.length > 1 ? (
          <Select
            label={i18n._('partners.report.term.shop')}
            value={shop.id}
            onChange={(e) => setChosen(e.target.value)}
            options={shops.map((s) => ({ value: s.id, label: s.name }))}
          />
        ) : null}
        <TillKeys storeId={shop.id} plan={shop.plan} />
        <SalesUpload storeId={shop.id} currency={shop.currency} onImported={() => void queryClient.invalidateQueries({ queryKey: posKeys.settlements() })} />
        <Settlement side="shop" storeId={shop.id} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading title={i18n._('partners.pos.title')} eyebrow={i18n._('partners.pos.eyebrow')} lead={i18n._('partners.pos.lead')}>
        {i18n._('partners.pos.title')}
      </PageHeading>
      <Intro />
      {tools}
      {designers.map((d) => (
        <Settlement key={d.id} side="designer" storeId={d.id} />
      ))}
      <QueryState
        query={docs}
        skeleton={<Spinner label={i18n._('partners.pos.examples.preparing')} showLabel />}
        errorTitle={i18n._('partners.pos.examples.failed')}
      >
        {(examples) => <ApiDocs functionsUrl={examples.url} patternId={examples.patternId} />}
      </QueryState>
    </div>
  );
}
