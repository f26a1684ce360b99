import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { SUPPORTED_CURRENCIES } from '@stitchhouse/shared/money.ts';
import { ErrorSummary, useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import { createKit, updateKit, type PatternChoice, type SupplierKit } from '../../api/kits.ts';
import { kitSchema } from './kitSchema.ts';
import { PatternPicker } from './PatternPicker.tsx';
import * as styles from './kits.module.css';

const IDS = { patternId: 'kit-pattern', title: 'kit-title', description: 'kit-description', price: 'kit-price', currency: 'kit-currency', url: 'kit-url' };
const CURRENCY_OPTIONS = SUPPORTED_CURRENCIES.map((c) => ({ value: c, label: c }));

/** A web address's start, the same in every language. */
const URL_START = 'https://';

export interface KitFormProps {
  /** The kit being edited; absent for a new one. */
  kit?: SupplierKit;
  onSaved: (title: string) => void;
  onCancel: () => void;
}

/** Create or edit a kit: its pattern, title, description, price with currency, and shop link. */
export function KitForm({ kit, onSaved, onCancel }: KitFormProps) {
  const { i18n } = useLingui();
  const [pattern, setPattern] = useState<PatternChoice | null>(
    kit
      ? {
          id: kit.patternId,
          title: kit.patternTitle ?? i18n._('partners.kit.patternGone'),
          storeName: kit.patternStoreName ?? i18n._('partners.kit.itsDesigner'),
        }
      : null,
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
        aria-label={kit ? i18n._('partners.kit.form.edit', { title: kit.title }) : i18n._('partners.kit.new')}
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
          label={i18n._('partners.kit.title')}
          hint={i18n._('partners.kit.title.hint')}
          required
          maxLength={120}
          {...form.field('title')}
        />
        <TextArea
          id={IDS.description}
          label={i18n._('partners.kit.description')}
          hint={i18n._('partners.kit.description.hint')}
          rows={3}
          maxLength={1000}
          {...form.field('description')}
        />
        <div className={styles.priceRow}>
          <TextField
            id={IDS.price}
            label={i18n._('partners.kit.price')}
            hint={i18n._('partners.kit.price.hint')}
            inputMode="decimal"
            required
            {...form.field('price')}
          />
          <Select id={IDS.currency} label={i18n._('partners.report.term.currency')} options={CURRENCY_OPTIONS} required {...form.field('currency')} />
        </div>
        <TextField
          id={IDS.url}
          label={i18n._('partners.kit.url')}
          type="url"
          placeholder={URL_START}
          hint={i18n._('partners.kit.url.hint')}
          required
          {...form.field('url')}
        />
        {form.formError ? (
          <p role="alert" className={styles.bad}>
            {form.formError.message}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('partners.kit.saving')}>
            {kit ? i18n._('partners.apply.save') : i18n._('partners.kit.add')}
          </Button>
          <Button variant="ghost" onClick={onCancel}>
            {i18n._('partners.cancel')}
          </Button>
        </div>
      </form>
    </>
  );
}
