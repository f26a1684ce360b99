import { href } from '@stitchhouse/shared';
import { useState } from 'react';
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

export interface StoreFormProps {
  store: OwnStore | null;
  /** Whether the member may open a supplier store (approved partners). */
  canSupply: boolean;
  onSaved: (store: OwnStore) => void;
}

/** Open a store, or edit it: everything typed stays when the database refuses something. */
export function StoreForm({ store, canSupply, onSaved }: StoreFormProps) {
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
      <h2 id="store-form-title">{store ? 'Store details' : 'Open your store'}</h2>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      {saved ? <Alert tone="success">Your store is saved.</Alert> : null}
      <form
        className={styles.form}
        noValidate
        aria-label={store ? 'Store details' : 'Open your store'}
        onSubmit={form.onSubmit(async (input) => {
          setSaved(false);
          const next = store ? await saveStore(store.id, input) : await openStore(input);
          setSaved(true);
          onSaved(next);
        })}
      >
        {store ? (
          <p>
            Kind: <strong>{STORE_KIND_LABELS[store.kind].split(':')[0]}</strong>
          </p>
        ) : (
          <Select
            id={IDS.kind}
            label="What kind of store"
            options={kinds.map((k) => ({ value: k, label: STORE_KIND_LABELS[k] }))}
            required
            {...form.field('kind')}
          />
        )}
        <TextField
          id={IDS.name}
          label="Store name"
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
          <p className={styles.muted}>Old addresses that still lead here: {store.oldSlugs.map((s) => href('/stores/:slug', { slug: s })).join(', ')}</p>
        ) : null}
        <TextArea id={IDS.bio} label="Bio" hint="Markdown: **bold**, *italic*, lists and links. Shown on your storefront." rows={6} {...form.field('bio')} />
        <div className={styles.actions}>
          <Button variant="ghost" size="small" aria-pressed={preview} onClick={() => setPreview((p) => !p)}>
            {preview ? 'Hide preview' : 'Preview bio'}
          </Button>
        </div>
        {preview ? <BioPreview markdown={form.values.bio} /> : null}
        <Select id={IDS.country} label="Country" options={countryOptions()} required {...form.field('country')} />
        <Select
          id={IDS.currency}
          label="Currency"
          hint="Your prices and payouts are in this currency."
          options={SUPPORTED_CURRENCIES.map((c) => ({ value: c, label: c }))}
          required
          {...form.field('currency')}
        />
        {kind === 'retailer' ? (
          <fieldset>
            <legend>Shop address and opening hours</legend>
            <TextField id={IDS.addressLine1} label="Street and number" autoComplete="address-line1" required {...form.field('addressLine1')} />
            <TextField id={IDS.addressLine2} label="Address line 2" autoComplete="address-line2" {...form.field('addressLine2')} />
            <TextField id={IDS.city} label="Town or city" autoComplete="address-level2" required {...form.field('city')} />
            <TextField id={IDS.postalCode} label="Postcode" autoComplete="postal-code" required {...form.field('postalCode')} />
            <TextField id={IDS.region} label="Region or state" autoComplete="address-level1" {...form.field('region')} />
            <TextArea
              id={IDS.openingHours}
              label="Opening hours"
              hint="For example: Tue–Fri 10:00–18:00, Sat 10:00–14:00."
              rows={3}
              {...form.field('openingHours')}
            />
          </fieldset>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={store ? 'Saving…' : 'Opening your store…'}>
            {store ? 'Save store' : 'Open store'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
