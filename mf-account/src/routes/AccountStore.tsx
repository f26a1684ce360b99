import { href } from '@stitchhouse/shared';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  return (
    <AccountPage title={i18n._('account.store.title')} path={href('/account/store')} lead={i18n._('account.store.lead')}>
      {(session) => <StoreSettings session={session} />}
    </AccountPage>
  );
}

function StoreSettings({ session }: { session: Session }) {
  const { i18n } = useLingui();
  const mine = useMyStore(session);
  const me = useProfile(session);
  const waiting = (query: QueryStateQuery<unknown>) => (
    <QueryState query={query} errorTitle={i18n._('account.store.loadError')} skeleton={<Spinner label={i18n._('account.store.loading')} showLabel />}>
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
          <Trans
            id="account.store.storefront"
            values={{ address: href('/stores/:slug', { slug: store.slug }) }}
            components={{ 0: <Link to={href('/stores/:slug', { slug: store.slug })} />, 1: <Link to={href('/patterns/my-store')} /> }}
          />
        </p>
      ) : null}
      <StoreForm key={store?.id ?? 'new'} store={store} canSupply={canSupply} onSaved={again} />
      {store ? <StoreImages store={store} images={images} onChanged={again} /> : null}
      {store ? <PayoutsAndPlan store={store} /> : null}
    </div>
  );
}

function StoreImages({ store, images, onChanged }: { store: OwnStore; images: { logo: string | null; banner: string | null }; onChanged: () => void }) {
  const { i18n } = useLingui();
  const replace = (which: 'logo' | 'banner', old: string | null) => async (path: string) => {
    await saveStoreImage(store.id, which, path);
    if (old && old !== path) await removeFile('store-assets', old).catch(() => undefined);
    onChanged();
  };
  return (
    <Card as="section" className={styles.section} aria-labelledby="store-images-title">
      <h2 id="store-images-title">{i18n._('account.store.imagesTitle')}</h2>
      <div className={styles.row}>
        {images.logo ? <img className={styles.logo} src={images.logo} alt={i18n._('account.store.logoAlt')} /> : null}
        <ImageUpload
          label={i18n._('account.store.logo')}
          progressLabel={i18n._('account.store.logoUploading')}
          hint={i18n._('account.store.logoHint')}
          bucket="store-assets"
          shape="square"
          pathFor={(ext) => `${store.id}/logo-${Date.now()}.${ext}`}
          onUploaded={replace('logo', store.logoPath)}
        />
      </div>
      {images.banner ? <img className={styles.banner} src={images.banner} alt={i18n._('account.store.bannerAlt')} /> : null}
      <ImageUpload
        label={i18n._('account.store.banner')}
        progressLabel={i18n._('account.store.bannerUploading')}
        hint={i18n._('account.store.bannerHint')}
        bucket="store-assets"
        shape="banner"
        pathFor={(ext) => `${store.id}/banner-${Date.now()}.${ext}`}
        onUploaded={replace('banner', store.bannerPath)}
      />
    </Card>
  );
}

function PayoutsAndPlan({ store }: { store: OwnStore }) {
  const { i18n } = useLingui();
  return (
    <Card as="section" className={styles.section} aria-labelledby="payouts-title">
      <h2 id="payouts-title">{i18n._('account.store.payoutsTitle')}</h2>
      <p className={`${styles.status} ${store.payoutsEnabled ? styles.ok : ''}`}>
        {store.payoutsEnabled ? i18n._('account.store.payoutsOn') : i18n._('account.store.payoutsOff')}
      </p>
      <p className={styles.status}>{i18n._('account.store.plan', { plan: store.plan })}</p>
      <div className={styles.actions}>
        <LinkButton to={href('/payment/receive')} variant="secondary">
          {store.payoutsEnabled ? i18n._('account.store.payoutDetails') : i18n._('account.store.setUpPayouts')}
        </LinkButton>
        <LinkButton to={href('/payment/subscription')} variant="secondary">
          {store.plan === 'pro' ? i18n._('account.store.managePlan') : i18n._('account.store.seePlans')}
        </LinkButton>
      </div>
    </Card>
  );
}
