import { useState } from 'react';
import { SUPPORTED_CURRENCIES } from '@stitchhouse/shared/money.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import { createKit, updateKit, type PatternChoice, type SupplierKit } from '../../api/kits.ts';
import { kitSchema } from './kitSchema.ts';
import { PatternPicker } from './PatternPicker.tsx';
import * as styles from './kits.module.css';

const IDS = { patternId: 'kit-pattern', title: 'kit-title', description: 'kit-description', price: 'kit-price', currency: 'kit-currency', url: 'kit-url' };
const CURRENCY_OPTIONS = SUPPORTED_CURRENCIES.map((c) => ({ value: c, label: c }));

export interface KitFormProps {
  /** The kit being edited; absent for a new one. */
  kit?: SupplierKit;
  onSaved: (title: string) => void;
  onCancel: () => void;
}

/** Create or edit a kit: its pattern, title, description, price with currency, and shop link. */
export function KitForm({ kit, onSaved, onCancel }: KitFormProps) {
  const [pattern, setPattern] = useState<PatternChoice | null>(
    kit ? { id: kit.patternId, title: kit.patternTitle ?? 'A pattern no longer in the catalog', storeName: kit.patternStoreName ?? 'its designer' } : null,
  );
  const form = useZodForm(kitSchema, {
    patternId: kit?.patternId ?? '',
    title: kit?.title ?? '',
    description: kit?.description ?? '',
    price: kit ? (kit.priceCents / 100).toFixed(2) : '',
    currency: kit?.currency ?? 'EUR',
    url: kit?.url ?? '',
  });
  const choose = (choice: PatternChoice | null) => {
    setPattern(choice);
    form.setValue('patternId', choice?.id ?? '');
    if (!choice) requestAnimationFrame(() => document.getElementById(IDS.patternId)?.focus());
  };

  return (
    <>
      <ErrorSummary items={form.summary(IDS)} attempt={form.attempt} />
      <form
        className={styles.form}
        noValidate
        aria-label={kit ? `Edit the kit ${kit.title}` : 'New kit'}
        onSubmit={form.onSubmit(async (input) => {
          const values = {
            patternId: input.patternId,
            title: input.title,
            description: input.description,
            priceCents: input.price,
            currency: input.currency,
            url: input.url,
          };
          if (kit) await updateKit(kit.id, values);
          else await createKit(values);
          onSaved(input.title);
        })}
      >
        <PatternPicker id={IDS.patternId} chosen={pattern} onChoose={choose} error={form.errors.patternId} />
        <TextField
          id={IDS.title}
          label="Kit title"
          hint="What is in the bundle, e.g. “Washed linen and shell buttons”."
          required
          maxLength={120}
          {...form.field('title')}
        />
        <TextArea
          id={IDS.description}
          label="What the kit contains"
          hint="Fabric, amounts, notions. Up to 1000 characters."
          rows={3}
          maxLength={1000}
          {...form.field('description')}
        />
        <div className={styles.priceRow}>
          <TextField id={IDS.price} label="Price" hint="e.g. 24.50" inputMode="decimal" required {...form.field('price')} />
          <Select id={IDS.currency} label="Currency" options={CURRENCY_OPTIONS} required {...form.field('currency')} />
        </div>
        <TextField
          id={IDS.url}
          label="Link to the kit in your shop"
          type="url"
          placeholder="https://"
          hint="A full https:// address; makers open it in a new tab."
          required
          {...form.field('url')}
        />
        {form.formError ? (
          <p role="alert" className={styles.bad}>
            {form.formError.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Saving the kit…">
            {kit ? 'Save changes' : 'Add the kit'}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </>
  );
}
