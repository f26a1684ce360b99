import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Session } from '@supabase/supabase-js';
import { Card, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import { useAsync } from '@stitchhouse/shared/useAsync.ts';
import { loadProfile, publicUrl } from '../api/profile.ts';
import { myStore, saveStoreImage, type OwnStore } from '../api/store.ts';
import { removeFile } from '../api/uploads.ts';
import { ImageUpload } from '../features/shared/ImageUpload.tsx';
import { AccountPage } from '../features/layout/AccountPage.tsx';
import { LoadingOrFailed } from '../features/layout/LoadingOrFailed.tsx';
import { StoreForm } from '../features/store/StoreForm.tsx';
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
  const [reload, setReload] = useState(0);
  const state = useAsync(`${session.user.id}|${reload}`, async () => {
    const [store, profile] = await Promise.all([myStore(session.user.id), loadProfile(session.user.id)]);
    const images = store
      ? { logo: store.logoPath ? await publicUrl('store-assets', store.logoPath) : null, banner: store.bannerPath ? await publicUrl('store-assets', store.bannerPath) : null }
      : { logo: null, banner: null };
    return { store, images, canSupply: profile.roles.includes('supplier') };
  });
  if (state.status === 'error' || !state.data) {
    return <LoadingOrFailed state={state} failedTitle="Your store could not be loaded" loadingLabel="Loading your store…" />;
  }
  const { store, images, canSupply } = state.data;
  const again = () => setReload((n) => n + 1);
  return (
    <div className={styles.stack}>
      {store ? (
        <p>
          Your storefront: <Link to={href('/stores/:slug', { slug: store.slug })}>{href('/stores/:slug', { slug: store.slug })}</Link> · <Link to={href('/patterns/my-store')}>Manage your patterns</Link>
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
        <ImageUpload label="Logo" hint="JPEG, PNG or WebP up to 10 MB; cropped to a square." bucket="store-assets" shape="square" pathFor={(ext) => `${store.id}/logo-${Date.now()}.${ext}`} onUploaded={replace('logo', store.logoPath)} />
      </div>
      {images.banner ? <img className={styles.banner} src={images.banner} alt="Your store's banner" /> : null}
      <ImageUpload label="Banner" hint="JPEG, PNG or WebP up to 10 MB; cropped to 3:1 from the middle." bucket="store-assets" shape="banner" pathFor={(ext) => `${store.id}/banner-${Date.now()}.${ext}`} onUploaded={replace('banner', store.bannerPath)} />
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
