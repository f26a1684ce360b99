import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { STORE_KINDS, STORE_KIND_LABELS, slugFromName, storeSchema, type StoreKind } from '@stitchhouse/shared/account/schemas.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { SUPPORTED_CURRENCIES } from '@stitchhouse/shared/money.ts';
import { Alert, Button, Card, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import { openStore, saveStore, type OwnStore } from '../../api/store.ts';
import { BioPreview } from './BioPreview.tsx';
import { SlugField } from './SlugField.tsx';
import { countryOptions, defaultCurrency } from '@stitchhouse/shared/countries.ts';
import * as styles from '../layout/account.module.css';

const IDS = {
  kind: 'store-kind',
  name: 'store-name',
  slug: 'store-slug',
  bio: 'store-bio',
  country: 'store-country',
  currency: 'store-currency',
  addressLine1: 'store-address1',
  addressLine2: 'store-address2',
  city: 'store-city',
  postalCode: 'store-postcode',
  region: 'store-region',
  openingHours: 'store-hours',
};

/** Each kind of store's short name (message ids of the account catalog); the form's choices are shared's STORE_KIND_LABELS. */
const KIND_NAMES: Record<StoreKind, string> = {
  designer: /*i18n*/ 'account.storeKind.designer',
  retailer: /*i18n*/ 'account.storeKind.retailer',
  supplier: /*i18n*/ 'account.storeKind.supplier',
};

export interface StoreFormProps {
  store: OwnStore | null;
  /** Whether the member may open a supplier store (approved partners). */
  canSupply: boolean;
  onSaved: (store: OwnStore) => void;
}

/** Open a store, or edit it: everything typed stays when the database refuses something. */
export function StoreForm({ store, canSupply, onSaved }: StoreFormProps) {
  const { i18n } = useLingui();
  const guessCountry = typeof navigator === 'undefined' ? 'US' : (navigator.language.split('-')[1] ?? 'US').toUpperCase();
  const country = store?.country ?? (countryOptions().some((c) => c.value === guessCountry) ? guessCountry : 'US');
  const form = useZodForm(storeSchema, {
    kind: store?.kind ?? 'designer',
    name: store?.name ?? '',
    slug: store?.slug ?? '',
    bio: store?.bio ?? '',
    country,
    currency: store?.currency ?? defaultCurrency(country),
    addressLine1: store?.addressLine1 ?? '',
    addressLine2: store?.addressLine2 ?? '',
    city: store?.city ?? '',
    postalCode: store?.postalCode ?? '',
    region: store?.region ?? '',
    openingHours: store?.openingHours ?? '',
  });
  const [slugTouched, setSlugTouched] = useState(!!store);
  const [preview, setPreview] = useState(false);
  const [saved, setSaved] = useState(false);
  const kind = form.values.kind as StoreKind;
  const kinds = STORE_KINDS.filter((k) => k !== 'supplier' || canSupply || store?.kind === 'supplier');

  return (
    <Card as="section" className={styles.section} aria-labelledby="store-form-title">
      <h2 id="store-form-title">{store ? i18n._('account.storeForm.details') : i18n._('account.storeForm.open')}</h2>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {saved ? <Alert tone="success">{i18n._('account.storeForm.saved')}</Alert> : null}
      <form
        className={styles.form}
        noValidate
        aria-label={store ? i18n._('account.storeForm.details') : i18n._('account.storeForm.open')}
        onSubmit={form.onSubmit(async (input) => {
          setSaved(false);
          const next = store ? await saveStore(store.id, input) : await openStore(input);
          setSaved(true);
          onSaved(next);
        })}
      >
        {store ? (
          <p>
            <Trans id="account.storeForm.kind" values={{ kind: i18n._(KIND_NAMES[store.kind]) }} components={{ 0: <strong /> }} />
          </p>
        ) : (
          <Select
            id={IDS.kind}
            label={i18n._('account.storeForm.kindLabel')}
            options={kinds.map((k) => ({ value: k, label: STORE_KIND_LABELS[k] }))}
            required
            {...form.field('kind')}
          />
        )}
        <TextField
          id={IDS.name}
          label={i18n._('account.storeForm.name')}
          required
          {...form.field('name')}
          onChange={(e) => {
            form.setValue('name', e.target.value);
            if (!slugTouched) form.setValue('slug', slugFromName(e.target.value));
          }}
        />
        <SlugField
          id={IDS.slug}
          value={form.values.slug}
          current={store?.slug ?? null}
          error={form.errors.slug}
          onChange={(value) => {
            setSlugTouched(true);
            form.setValue('slug', value);
          }}
        />
        {store && store.oldSlugs.length > 0 ? (
          <p className={styles.muted}>
            {i18n._('account.storeForm.oldAddresses', {
              addresses: new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(
                store.oldSlugs.map((s) => href('/stores/:slug', { slug: s })),
              ),
            })}
          </p>
        ) : null}
        <TextArea id={IDS.bio} label={i18n._('account.storeForm.bio')} hint={i18n._('account.storeForm.bioHint')} rows={6} {...form.field('bio')} />
        <div className={styles.actions}>
          <Button variant="ghost" size="small" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? i18n._('account.storeForm.hidePreview') : i18n._('account.storeForm.preview')}
          </Button>
        </div>
        {preview ? <BioPreview markdown={form.values.bio} /> : null}
        <Select id={IDS.country} label={i18n._('account.form.country')} options={countryOptions(i18n.locale)} required {...form.field('country')} />
        <Select
          id={IDS.currency}
          label={i18n._('account.storeForm.currency')}
          hint={i18n._('account.storeForm.currencyHint')}
          options={SUPPORTED_CURRENCIES.map((c) => ({ value: c, label: c }))}
          required
          {...form.field('currency')}
        />
        {kind === 'retailer' ? (
          <fieldset>
            <legend>{i18n._('account.storeForm.addressAndHours')}</legend>
            <TextField id={IDS.addressLine1} label={i18n._('account.form.street')} autoComplete="address-line1" required {...form.field('addressLine1')} />
            <TextField id={IDS.addressLine2} label={i18n._('account.form.address2')} autoComplete="address-line2" {...form.field('addressLine2')} />
            <TextField id={IDS.city} label={i18n._('account.form.city')} autoComplete="address-level2" required {...form.field('city')} />
            <TextField id={IDS.postalCode} label={i18n._('account.form.postcode')} autoComplete="postal-code" required {...form.field('postalCode')} />
            <TextField id={IDS.region} label={i18n._('account.form.region')} autoComplete="address-level1" {...form.field('region')} />
            <TextArea
              id={IDS.openingHours}
              label={i18n._('account.storeForm.hours')}
              hint={i18n._('account.storeForm.hoursHint')}
              rows={3}
              {...form.field('openingHours')}
            />
          </fieldset>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={store ? i18n._('account.saving') : i18n._('account.storeForm.opening')}>
            {store ? i18n._('account.storeForm.save') : i18n._('account.storeForm.submitOpen')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
