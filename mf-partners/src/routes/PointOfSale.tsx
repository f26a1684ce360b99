import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
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
        <Spinner label="Loading your shop…" showLabel />
      </div>
    );
  } else if (!userId) {
    tools = (
      <section className={styles.section} aria-labelledby="pos-signin">
        <h2 id="pos-signin">Connect your shop</h2>
        <p>Sign in with the account that owns your shop to create till keys, upload sales and see your statement.</p>
        <div className={styles.actions}>
          <LinkButton to={signInHref(href('/point-of-sale-integration'))}>Sign in to connect your shop</LinkButton>
          <Link to={href('/retailers')}>Stitchhouse for shops</Link>
        </div>
      </section>
    );
  } else if (stores.status === 'error') {
    tools = (
      <Alert
        tone="danger"
        title="Your shop could not be loaded"
        actions={
          <Button size="small" variant="secondary" onClick={() => void stores.refetch()}>
            Try again
          </Button>
        }
      >
        {describeError(stores.error).message}
      </Alert>
    );
  } else if (!shop) {
    tools = (
      <section className={styles.section} aria-labelledby="pos-open">
        <h2 id="pos-open">Open a retail shop first</h2>
        <p>
          Till keys and sales uploads belong to a retail shop. Open one (its name and street address) on your account, then add the patterns you print to your
          stock.
        </p>
        <div className={styles.actions}>
          <LinkButton to={href('/account/store')}>Open a retail shop</LinkButton>
        </div>
      </section>
    );
  } else {
    tools = (
      <>
        {shops.length > 1 ? (
          <Select label="Shop" value={shop.id} onChange={(e) => setChosen(e.target.value)} options={shops.map((s) => ({ value: s.id, label: s.name }))} />
        ) : null}
        <TillKeys storeId={shop.id} plan={shop.plan} />
        <SalesUpload storeId={shop.id} currency={shop.currency} onImported={() => void queryClient.invalidateQueries({ queryKey: posKeys.settlements() })} />
        <Settlement side="shop" storeId={shop.id} />
      </>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeading
        title="Point-of-sale integration"
        eyebrow="For shops"
        lead="Connect your shop’s till to Stitchhouse: read the patterns you carry, report the printed copies you sell, and settle the designers’ royalties once a month."
      >
        Point-of-sale integration
      </PageHeading>
      <Intro />
      {tools}
      {designers.map((d) => (
        <Settlement key={d.id} side="designer" storeId={d.id} />
      ))}
      <QueryState query={docs} skeleton={<Spinner label="Preparing the examples…" showLabel />} errorTitle="The examples could not be prepared">
        {(examples) => <ApiDocs functionsUrl={examples.url} patternId={examples.patternId} />}
      </QueryState>
    </div>
  );
}
