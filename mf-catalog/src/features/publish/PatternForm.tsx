import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLingui } from '@lingui/react';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button, Select, TextArea, TextField } from '@stitchhouse/shared/ui/index.ts';
import type { PatternFields } from '../../api/publish.ts';
import { RowTable } from './RowTable.tsx';
import { CRAFTS, DIFFICULTY_LABELS, craftLabel } from '@stitchhouse/shared/catalog/labels.ts';
import { FORM_BEHAVIOUR, flatErrors, schemaResolver } from '@stitchhouse/shared/form/index.ts';
import {
  checkedValues,
  emptySizeRow,
  emptyYardageRow,
  patternFieldsOf,
  patternFormSchema,
  SIZE_COLUMNS,
  type FieldErrors,
  type PatternFormOutput,
  type PatternFormValues,
  type SizeRow,
  type YardageRow,
} from './schema.ts';
import { PLANS, formatBasisPoints, type PlanId } from '@stitchhouse/shared/plans.ts';
import { isCurrency } from '@stitchhouse/shared/currency/index.ts';
import { formatAmount, formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { NEEDLE_SIZES, YARN_WEIGHTS, hasYarnFacets, metresToYards, needleLabel, needleName, yarnWeightLabel } from '@stitchhouse/shared/catalog/yarn.ts';
import * as styles from './PatternForm.module.css';

export interface PatternFormProps {
  initial: PatternFormValues;
  currency: string;
  onSave(fields: PatternFields, wholesaleCents: number | null): Promise<void>;
}

/** The fields' names in the error summary (message ids). */
const FIELD_LABELS: Record<string, string> = {
  title: /*i18n*/ 'catalog.publish.field.title',
  description: /*i18n*/ 'catalog.publish.field.description',
  craft: /*i18n*/ 'catalog.publish.field.craft',
  category: /*i18n*/ 'catalog.publish.field.category',
  difficulty: /*i18n*/ 'catalog.publish.field.difficulty',
  sizeRange: /*i18n*/ 'catalog.publish.field.sizeRange',
  sizes: /*i18n*/ 'catalog.publish.field.sizes',
  yardage: /*i18n*/ 'catalog.publish.field.yardage',
  notions: /*i18n*/ 'catalog.publish.field.notions',
  languages: /*i18n*/ 'catalog.publish.field.languages',
  tags: /*i18n*/ 'catalog.publish.field.tags',
  price: /*i18n*/ 'catalog.publish.field.price',
  wholesalePrice: /*i18n*/ 'catalog.publish.field.wholesalePrice',
  licence: /*i18n*/ 'catalog.publish.field.licence',
  yarnWeight: /*i18n*/ 'catalog.publish.field.yarnWeight',
  needleMm: /*i18n*/ 'catalog.publish.field.needleMm',
  gaugeStitches: /*i18n*/ 'catalog.publish.field.gaugeStitches',
  gaugeRows: /*i18n*/ 'catalog.publish.field.gaugeRows',
  yarnMinM: /*i18n*/ 'catalog.publish.field.yarnMinM',
  yarnMaxM: /*i18n*/ 'catalog.publish.field.yarnMaxM',
};
const fieldOf = (key: string) => key.split('.')[0]!;
const firstError = (errors: FieldErrors, field: string) => Object.entries(errors).find(([k]) => fieldOf(k) === field && !/^\w+\.\d+\.\w+/.test(k))?.[1];

/** Every field of a pattern, validated with per-field messages before anything is saved. */
export function PatternForm({ initial, currency, onSave }: PatternFormProps) {
  const form = useForm<PatternFormValues, unknown, PatternFormOutput>({
    defaultValues: initial,
    resolver: schemaResolver(patternFormSchema, checkedValues),
    ...FORM_BEHAVIOUR,
  });
  const { i18n } = useLingui();
  const [result, setResult] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  // a plan's fee on each sale ("5 % + €0.25 per sale"): the rates from plans.ts, the words from the catalog
  const saleFee = (plan: PlanId, on: Currency) =>
    i18n._('catalog.publish.form.saleFee', {
      rate: formatBasisPoints(PLANS[plan].saleFeeBasisPoints),
      fixed: formatMoney(PLANS[plan].saleFeeFixed[on], on, i18n.locale),
    });
  const yards = (metres: string) =>
    /^\d{1,6}$/.test(metres.trim())
      ? i18n._('catalog.publish.form.yards', { yards: new Intl.NumberFormat(i18n.locale).format(metresToYards(Number(metres))) })
      : i18n._('catalog.publish.form.wholeMetres');
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
  const attention = () => setResult({ tone: 'danger', text: i18n._('catalog.publish.form.attention') });

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
      setResult({ tone: 'success', text: i18n._('catalog.publish.form.saved') });
    } catch (error) {
      setResult({ tone: 'danger', text: errorMessage(error) });
    }
  }, attention);

  const problems = [...new Set(Object.keys(errors).map(fieldOf))];
  const sizeLabels = values.sizes.map((s) => s.label.trim()).filter(Boolean);
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={i18n._('catalog.publish.form.label')}>
      {result?.tone === 'danger' && problems.length > 0 ? (
        <div className={styles.errorSummary}>
          <Alert tone="danger" title={i18n._('catalog.publish.form.attentionTitle')}>
            <ul>
              {problems.map((p) => (
                <li key={p}>
                  {i18n._('catalog.publish.form.problem', {
                    field: FIELD_LABELS[p] ? i18n._(FIELD_LABELS[p]) : p,
                    message: errors[Object.keys(errors).find((k) => fieldOf(k) === p)!],
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        </div>
      ) : null}
      <fieldset className={styles.section}>
        <legend>{i18n._('catalog.publish.form.about')}</legend>
        <TextField label={i18n._('catalog.publish.field.title')} required maxLength={120} {...bind('title')} />
        <TextArea label={i18n._('catalog.publish.field.description')} hint={i18n._('catalog.publish.form.descriptionHint')} rows={8} {...bind('description')} />
        <div className={styles.two}>
          <Select label={i18n._('catalog.publish.field.craft')} options={CRAFTS.map((c) => ({ value: c, label: craftLabel(c) }))} {...bind('craft')} />
          <TextField label={i18n._('catalog.publish.field.category')} hint={i18n._('catalog.publish.form.categoryHint')} {...bind('category')} />
          <Select
            label={i18n._('catalog.publish.field.difficulty')}
            options={DIFFICULTY_LABELS.map((d, i) => ({ value: String(i + 1), label: `${i + 1} – ${d}` }))}
            {...bind('difficulty')}
          />
        </div>
      </fieldset>

      {hasYarnFacets(values.craft) ? (
        <fieldset className={styles.section} data-testid="yarn-fields">
          <legend>{i18n._('catalog.publish.form.yarn')}</legend>
          <div className={styles.two}>
            <Select
              label={i18n._('catalog.publish.field.yarnWeight')}
              placeholder={i18n._('catalog.publish.form.notGiven')}
              hint={i18n._('catalog.publish.form.yarnWeightHint')}
              options={YARN_WEIGHTS.map((w) => ({ value: String(w.weight), label: yarnWeightLabel(w.weight) }))}
              {...bind('yarnWeight')}
            />
            <Select
              label={needleName(values.craft)}
              placeholder={i18n._('catalog.publish.form.notGiven')}
              hint={i18n._('catalog.publish.form.needleHint')}
              options={NEEDLE_SIZES.map((n) => ({ value: String(n.mm), label: needleLabel(n.mm, values.craft) }))}
              {...bind('needleMm')}
            />
            <TextField
              label={i18n._('catalog.publish.form.gaugeStitchesLabel')}
              inputMode="decimal"
              hint={i18n._('catalog.publish.form.gaugeStitchesHint')}
              {...bind('gaugeStitches')}
            />
            <TextField
              label={i18n._('catalog.publish.form.gaugeRowsLabel')}
              inputMode="decimal"
              hint={i18n._('catalog.publish.form.gaugeRowsHint')}
              {...bind('gaugeRows')}
            />
            <TextField label={i18n._('catalog.publish.form.yarnMinLabel')} inputMode="numeric" hint={yards(values.yarnMinM)} {...bind('yarnMinM')} />
            <TextField label={i18n._('catalog.publish.form.yarnMaxLabel')} inputMode="numeric" hint={yards(values.yarnMaxM)} {...bind('yarnMaxM')} />
          </div>
        </fieldset>
      ) : null}

      <fieldset className={styles.section}>
        <legend>{i18n._('catalog.publish.form.sizes')}</legend>
        <TextField label={i18n._('catalog.publish.field.sizeRange')} hint={i18n._('catalog.publish.form.sizeRangeHint')} {...bind('sizeRange')} />
        <RowTable<SizeRow & Record<string, string>>
          caption={i18n._('catalog.publish.form.sizeChartCaption')}
          addLabel={i18n._('catalog.publish.form.addSize')}
          removeLabel={(row) => i18n._('catalog.publish.form.removeSize', { row })}
          errorKey="sizes"
          rows={values.sizes as (SizeRow & Record<string, string>)[]}
          errors={errors}
          onChange={(rows) => set('sizes', rows)}
          empty={emptySizeRow as () => SizeRow & Record<string, string>}
          rowName={(r, i) => r.label || i18n._('catalog.publish.form.row', { number: i + 1 })}
          columns={[
            { key: 'label', label: i18n._(SIZE_COLUMNS.label) },
            { key: 'bust', label: i18n._(SIZE_COLUMNS.bust), inputMode: 'decimal' },
            { key: 'waist', label: i18n._(SIZE_COLUMNS.waist), inputMode: 'decimal' },
            { key: 'hip', label: i18n._(SIZE_COLUMNS.hip), inputMode: 'decimal' },
            { key: 'finishedBust', label: i18n._(SIZE_COLUMNS.finishedBust), inputMode: 'decimal' },
            { key: 'finishedWaist', label: i18n._(SIZE_COLUMNS.finishedWaist), inputMode: 'decimal' },
            { key: 'finishedHip', label: i18n._(SIZE_COLUMNS.finishedHip), inputMode: 'decimal' },
          ]}
        />
        {firstError(errors, 'sizes') ? <Alert tone="danger">{firstError(errors, 'sizes')}</Alert> : null}
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{i18n._('catalog.publish.field.yardage')}</legend>
        <RowTable<YardageRow & Record<string, string>>
          caption={
            sizeLabels.length
              ? i18n._('catalog.publish.form.yardageCaptionSizes', { sizes: sizeLabels.join(', ') })
              : i18n._('catalog.publish.form.yardageCaption')
          }
          addLabel={i18n._('catalog.publish.form.addFabric')}
          removeLabel={(row) => i18n._('catalog.publish.form.removeFabric', { row })}
          errorKey="yardage"
          rows={values.yardage as (YardageRow & Record<string, string>)[]}
          errors={errors}
          onChange={(rows) => set('yardage', rows)}
          empty={() => ({ ...emptyYardageRow(), size: sizeLabels[0] ?? '' }) as YardageRow & Record<string, string>}
          rowName={(r, i) =>
            i18n._('catalog.publish.form.fabricRow', {
              fabric: r.fabric || i18n._('catalog.publish.form.fabricUnnamed'),
              width: r.widthCm,
              size: r.size || i18n._('catalog.publish.form.row', { number: i + 1 }),
            })
          }
          columns={[
            { key: 'fabric', label: i18n._('catalog.publish.col.fabric') },
            { key: 'widthCm', label: i18n._('catalog.publish.col.width'), inputMode: 'numeric' },
            { key: 'size', label: i18n._(SIZE_COLUMNS.label) },
            { key: 'metres', label: i18n._('catalog.publish.col.metres'), inputMode: 'decimal' },
          ]}
        />
        {firstError(errors, 'yardage') ? <Alert tone="danger">{firstError(errors, 'yardage')}</Alert> : null}
        <TextArea label={i18n._('catalog.publish.field.notions')} hint={i18n._('catalog.publish.form.notionsHint')} rows={4} {...bind('notions')} />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{i18n._('catalog.publish.form.languagesAndTags')}</legend>
        <div className={styles.two}>
          <TextField label={i18n._('catalog.publish.field.languages')} hint={i18n._('catalog.publish.form.languagesHint')} {...bind('languages')} />
          <TextField label={i18n._('catalog.publish.field.tags')} hint={i18n._('catalog.publish.form.tagsHint')} {...bind('tags')} />
        </div>
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{i18n._('catalog.publish.form.priceAndLicence')}</legend>
        <div className={styles.two}>
          <TextField
            label={i18n._('catalog.publish.form.priceLabel', { currency })}
            inputMode="decimal"
            {...bind('price')}
            hint={i18n._('catalog.publish.form.priceHint', {
              min: formatAmount(100, currency),
              fee: isCurrency(currency) ? saleFee('free', currency) : i18n._('catalog.publish.form.seePricing'),
              proFee: saleFee('pro', isCurrency(currency) ? currency : 'EUR'),
            })}
          />
          <TextField
            label={i18n._('catalog.publish.form.wholesaleLabel', { currency })}
            hint={i18n._('catalog.publish.form.wholesaleHint')}
            inputMode="decimal"
            {...bind('wholesalePrice')}
          />
          <Select
            label={i18n._('catalog.publish.field.licence')}
            options={[
              { value: 'personal', label: i18n._('catalog.publish.form.licencePersonal') },
              { value: 'small_business', label: i18n._('catalog.publish.form.licenceSmallBusiness') },
            ]}
            {...bind('licence')}
          />
        </div>
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" busy={form.formState.isSubmitting} busyLabel={i18n._('catalog.publish.files.saving')}>
          {i18n._('catalog.publish.form.save')}
        </Button>
      </div>
      <div aria-live="polite">{result?.tone === 'success' ? <Alert tone="success">{result.text}</Alert> : null}</div>
    </form>
  );
}
