import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import type { PatternFields } from '../../api/publishing.ts';
import { RowTable } from './RowTable.tsx';
import { CRAFTS, DIFFICULTY_LABELS, craftLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { FORM_BEHAVIOUR, flatErrors, schemaResolver } from '@stitchhouse/shared/form/index.ts';
import {
  checkedValues,
  emptySizeRow,
  emptyYardageRow,
  patternFieldsOf,
  patternFormSchema,
  type FieldErrors,
  type PatternFormOutput,
  type PatternFormValues,
  type SizeRow,
  type YardageRow,
} from './schema.ts';
import { describeSaleFee } from '@stitchhouse/shared/plans.ts';
import { isCurrency } from '@stitchhouse/shared/currency/index.ts';
import { formatAmount } from '@stitchhouse/shared/money.ts';
import { NEEDLE_SIZES, YARN_WEIGHTS, hasYarnFacets, metresToYards, needleLabel, needleName, yarnWeightLabel } from '@stitchhouse/shared/catalog/yarn.ts';
import * as styles from './PatternForm.module.css';

export interface PatternFormProps {
  initial: PatternFormValues;
  currency: string;
  onSave(fields: PatternFields, wholesaleCents: number | null): Promise<void>;
}

const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  craft: 'Craft',
  category: 'Category',
  difficulty: 'Difficulty',
  sizeRange: 'Size range',
  sizes: 'Size chart',
  yardage: 'Fabric requirements',
  notions: 'Notions',
  languages: 'Languages',
  tags: 'Tags',
  price: 'Price',
  wholesalePrice: 'Wholesale price',
  licence: 'Licence',
  yarnWeight: 'Yarn weight',
  needleMm: 'Needle or hook size',
  gaugeStitches: 'Gauge stitches',
  gaugeRows: 'Gauge rows',
  yarnMinM: 'Yarn for the smallest size',
  yarnMaxM: 'Yarn for the largest size',
};
const yards = (metres: string) => (/^\d{1,6}$/.test(metres.trim()) ? `${metresToYards(Number(metres)).toLocaleString('en')} yd` : 'in whole metres');
const fieldOf = (key: string) => key.split('.')[0]!;
const firstError = (errors: FieldErrors, field: string) => Object.entries(errors).find(([k]) => fieldOf(k) === field && !/^\w+\.\d+\.\w+/.test(k))?.[1];

/** Every field of a pattern, validated with per-field messages before anything is saved. */
export function PatternForm({ initial, currency, onSave }: PatternFormProps) {
  const form = useForm<PatternFormValues, unknown, PatternFormOutput>({
    defaultValues: initial,
    resolver: schemaResolver(patternFormSchema, checkedValues),
    ...FORM_BEHAVIOUR,
  });
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const values = form.watch();
  const errors: FieldErrors = flatErrors(form.formState.errors);
  const set = <K extends keyof PatternFormValues>(key: K, value: PatternFormValues[K]) => form.setValue(key, value as never);
  const bind = (
    key:
      | 'title'
      | 'description'
      | 'craft'
      | 'category'
      | 'difficulty'
      | 'sizeRange'
      | 'price'
      | 'wholesalePrice'
      | 'languages'
      | 'tags'
      | 'notions'
      | 'licence'
      | 'yarnWeight'
      | 'needleMm'
      | 'gaugeStitches'
      | 'gaugeRows'
      | 'yarnMinM'
      | 'yarnMaxM',
  ) => ({ ...form.register(key), error: firstError(errors, key) });
  const attention = () => setResult({ tone: 'danger', text: 'Some fields need attention: see the messages below.' });

  const submit = form.handleSubmit(async (parsed) => {
    // the shared catalog rules (ranges the fit filter relies on) have the last word
    const checked = patternFieldsOf(parsed);
    if (!checked.ok) {
      for (const [key, message] of Object.entries(checked.errors)) form.setError(key as keyof PatternFormValues, { type: 'catalog', message });
      attention();
      return;
    }
    try {
      await onSave(checked.fields, checked.wholesaleCents);
      setResult({ tone: 'success', text: 'Changes saved.' });
    } catch (error) {
      setResult({ tone: 'danger', text: errorMessage(error) });
    }
  }, attention);

  const problems = [...new Set(Object.keys(errors).map(fieldOf))];
  const sizeLabels = values.sizes.map((s) => s.label.trim()).filter(Boolean);
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label="Pattern details">
      {result?.tone === 'danger' && problems.length > 0 ? (
        <div className={styles.errorSummary}>
          <Alert tone="danger" title="Some fields need attention">
            <ul>
              {problems.map((p) => (
                <li key={p}>
                  {FIELD_LABELS[p] ?? p}: {errors[Object.keys(errors).find((k) => fieldOf(k) === p)!]}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      <fieldset className={styles.section}>
        <legend>About the pattern</legend>
        <TextField label="Title" required maxLength={120} {...bind('title')} />
        <TextArea
          label="Description"
          hint="Markdown: **bold**, lists, links. Say what you make, the fabrics that work and what is included."
          rows={8}
          {...bind('description')}
        />
        <div className={styles.two}>
          <Select label="Craft" options={CRAFTS.map((c) => ({ value: c, label: craftLabel(c) }))} {...bind('craft')} />
          <TextField label="Category" hint="e.g. dresses, tops, baby-clothes" {...bind('category')} />
          <Select label="Difficulty" options={DIFFICULTY_LABELS.map((d, i) => ({ value: String(i + 1), label: `${i + 1} – ${d}` }))} {...bind('difficulty')} />
        </div>
      </fieldset>

      {hasYarnFacets(values.craft) ? (
        <fieldset className={styles.section} data-testid="yarn-fields">
          <legend>Yarn and needles</legend>
          <div className={styles.two}>
            <Select
              label="Yarn weight"
              placeholder="Not given"
              hint="Craft Yarn Council standard weight, as on the ball band and Ravelry"
              options={YARN_WEIGHTS.map((w) => ({ value: String(w.weight), label: yarnWeightLabel(w.weight) }))}
              {...bind('yarnWeight')}
            />
            <Select
              label={needleName(values.craft)}
              placeholder="Not given"
              hint="The size the gauge is worked on"
              options={NEEDLE_SIZES.map((n) => ({ value: String(n.mm), label: needleLabel(n.mm, values.craft) }))}
              {...bind('needleMm')}
            />
            <TextField label="Gauge: stitches per 10 cm (4 in)" inputMode="decimal" hint="e.g. 22" {...bind('gaugeStitches')} />
            <TextField label="Gauge: rows per 10 cm (4 in)" inputMode="decimal" hint="Optional, e.g. 30" {...bind('gaugeRows')} />
            <TextField label="Yarn for the smallest size (m)" inputMode="numeric" hint={yards(values.yarnMinM)} {...bind('yarnMinM')} />
            <TextField label="Yarn for the largest size (m)" inputMode="numeric" hint={yards(values.yarnMaxM)} {...bind('yarnMaxM')} />
          </div>
        </fieldset>
      ) : null}

      <fieldset className={styles.section}>
        <legend>Sizes</legend>
        <TextField label="Size range" hint="As shown on the card, e.g. XS–3XL or 0–24" {...bind('sizeRange')} />
        <RowTable<SizeRow & Record<string, string>>
          caption="Size chart in cm, in grading order: body measurements, then finished garment measurements (optional)."
          noun="size"
          errorKey="sizes"
          rows={values.sizes as (SizeRow & Record<string, string>)[]}
          errors={errors}
          onChange={(rows) => set('sizes', rows)}
          empty={emptySizeRow as () => SizeRow & Record<string, string>}
          rowName={(r, i) => r.label || `row ${i + 1}`}
          columns={[
            { key: 'label', label: 'Size' },
            { key: 'bust', label: 'Bust', inputMode: 'decimal' },
            { key: 'waist', label: 'Waist', inputMode: 'decimal' },
            { key: 'hip', label: 'Hip', inputMode: 'decimal' },
            { key: 'finishedBust', label: 'Finished bust', inputMode: 'decimal' },
            { key: 'finishedWaist', label: 'Finished waist', inputMode: 'decimal' },
            { key: 'finishedHip', label: 'Finished hip', inputMode: 'decimal' },
          ]}
        />
        {firstError(errors, 'sizes') ? <Alert tone="danger">{firstError(errors, 'sizes')}</Alert> : null}
      </fieldset>

      <fieldset className={styles.section}>
        <legend>Fabric requirements</legend>
        <RowTable<YardageRow & Record<string, string>>
          caption={`Metres of each fabric per size and fabric width${sizeLabels.length ? ` (sizes: ${sizeLabels.join(', ')})` : ''}. The calculator on the pattern page converts to yards.`}
          noun="fabric row"
          errorKey="yardage"
          rows={values.yardage as (YardageRow & Record<string, string>)[]}
          errors={errors}
          onChange={(rows) => set('yardage', rows)}
          empty={() => ({ ...emptyYardageRow(), size: sizeLabels[0] ?? '' }) as YardageRow & Record<string, string>}
          rowName={(r, i) => `${r.fabric || 'fabric'} ${r.widthCm} cm ${r.size || `row ${i + 1}`}`}
          columns={[
            { key: 'fabric', label: 'Fabric' },
            { key: 'widthCm', label: 'Width (cm)', inputMode: 'numeric' },
            { key: 'size', label: 'Size' },
            { key: 'metres', label: 'Metres', inputMode: 'decimal' },
          ]}
        />
        {firstError(errors, 'yardage') ? <Alert tone="danger">{firstError(errors, 'yardage')}</Alert> : null}
        <TextArea label="Notions" hint="One per line: zip, buttons, interfacing…" rows={4} {...bind('notions')} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>Languages and tags</legend>
        <div className={styles.two}>
          <TextField label="Languages" hint="Two-letter codes, comma separated: en, fr" {...bind('languages')} />
          <TextField label="Tags" hint="Comma separated, up to 20" {...bind('tags')} />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend>Price and licence</legend>
        <div className={styles.two}>
          <TextField
            label={`Price (${currency})`}
            inputMode="decimal"
            {...bind('price')}
            hint={`In your store's currency, which buyers are charged: 0 for a free pattern, else at least ${formatAmount(100, currency)}. Fee: ${isCurrency(currency) ? describeSaleFee('free', currency) : 'see Pricing'} on the Free plan (${describeSaleFee('pro', isCurrency(currency) ? currency : 'EUR')} on Pro). Buyers see an approximate price in their own currency.`}
          />
          <TextField
            label={`Wholesale price per printed copy (${currency})`}
            hint="Optional: shown only to approved shops"
            inputMode="decimal"
            {...bind('wholesalePrice')}
          />
          <Select
            label="Licence"
            options={[
              { value: 'personal', label: 'Personal use' },
              { value: 'small_business', label: 'Small business (sell what you make)' },
            ]}
            {...bind('licence')}
          />
        </div>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel="Saving…">
          Save changes
        </Button>
      </div>
      <div aria-live="polite">{result?.tone === 'success' ? <Alert tone="success">{result.text}</Alert> : null}</div>
    </form>
  );
}
