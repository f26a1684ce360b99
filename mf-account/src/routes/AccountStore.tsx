import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import type { Session } from '@supabase/supabase-js';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import { Card, LinkButton, QueryState, Spinner, type QueryStateQuery } from '@stitchhouse/shared/ui/index.ts';
import { profileKeys } from '../api/profile.ts';
import { saveStoreImage, storeKeys, type OwnStore } from '../api/store.ts';
import { removeFile } from '../api/uploads.ts';
import { ImageUpload } from '../features/shared/ImageUpload.tsx';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { useProfile } from '../features/profile/useProfile.ts';
import { StoreForm } from '../features/store/StoreForm.tsx';
import { useMyStore } from '../features/store/useMyStore.ts';
import * as styles from '../features/layout/account.module.css';

/** /account/store: open a store or edit it; logo and banner; payouts and plan (set in payments). */
export default function AccountStore() {
  return (
    <AccountPage title="Your store" path={href('/account/store')} lead="Your storefront’s name, address, look and where its money goes.">
      {(session) => <StoreSettings session={session} />}
    </AccountPage>
  );
}

function StoreSettings({ session }: { session: Session }) {
  const mine = useMyStore(session);
  const me = useProfile(session);
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle="Your store could not be loaded" skeleton={<Spinner label="Loading your store…" showLabel />}>
      {() => null}
    </QueryState>
  );
  if (mine.data === undefined) return waiting(mine);
  if (me.data === undefined) return waiting(me);
  const { store, images } = mine.data;
  const canSupply = me.data.profile.roles.includes('supplier');
  // opening a store can give the member a role too
  const again = () => {
    void queryClient.invalidateQueries({ queryKey: storeKeys.all });
    void queryClient.invalidateQueries({ queryKey: profileKeys.all });
  };
  return (
    <div className={styles.stack}>
      {store ? (
        <p>
          Your storefront: <Link to={href('/stores/:slug', { slug: store.slug })}>{href('/stores/:slug', { slug: store.slug })}</Link> ·{' '}
          <Link to={href('/patterns/my-store')}>Manage your patterns</Link>
        </p>
      ) : null}
      <StoreForm key={store?.id ?? 'new'} store={store} canSupply={canSupply} onSaved={again} />
      {store ? <StoreImages store={store} images={images} onChanged={again} /> : null}
      {store ? <PayoutsAndPlan store={store} /> : null}
    </div>
  );
}

function StoreImages({ store, images, onChanged }: { store: OwnStore; images: { logo: string | null; banner: string | null }; onChanged: () => void }) {
  const replace = (which: 'logo' | 'banner', old: string | null) => async (path: string) => {
    await saveStoreImage(store.id, which, path);
    if (old && old !== path) await removeFile('store-assets', old).catch(() => undefined);
    onChanged();
  };
  return (
    <Card as="section" className={styles.section} aria-labelledby="store-images-title">
      <h2 id="store-images-title">Logo and banner</h2>
      <div className={styles.row}>
        {images.logo ? <img className={styles.logo} src={images.logo} alt="Your store's logo" /> : null}
        <ImageUpload
          label="Logo"
          hint="JPEG, PNG or WebP up to 10 MB; cropped to a square."
          bucket="store-assets"
          shape="square"
          pathFor={(ext) => `${store.id}/logo-${Date.now()}.${ext}`}
          onUploaded={replace('logo', store.logoPath)}
        />
      </div>
      {images.banner ? <img className={styles.banner} src={images.banner} alt="Your store's banner" /> : null}
      <ImageUpload
        label="Banner"
        hint="JPEG, PNG or WebP up to 10 MB; cropped to 3:1 from the middle."
        bucket="store-assets"
        shape="banner"
        pathFor={(ext) => `${store.id}/banner-${Date.now()}.${ext}`}
        onUploaded={replace('banner', store.bannerPath)}
      />
    </Card>
  );
}

function PayoutsAndPlan({ store }: { store: OwnStore }) {
  return (
    <Card as="section" className={styles.section} aria-labelledby="payouts-title">
      <h2 id="payouts-title">Payouts and plan</h2>
      <p className={`${styles.status} ${store.payoutsEnabled ? styles.ok : ''}`}>
        Payouts: {store.payoutsEnabled ? 'on — sales are paid out to your bank account.' : 'not set up yet — your earnings are held until you set them up.'}
      </p>
      <p className={styles.status}>Plan: {store.plan === 'pro' ? 'Pro' : 'Free'}</p>
      <div className={styles.actions}>
        <LinkButton to={href('/payment/receive')} variant="secondary">
          {store.payoutsEnabled ? 'Payout details' : 'Set up payouts'}
        </LinkButton>
        <LinkButton to={href('/payment/subscription')} variant="secondary">
          {store.plan === 'pro' ? 'Manage your plan' : 'See plans'}
        </LinkButton>
      </div>
    </Card>
  );
}
