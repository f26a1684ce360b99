import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { BODY_MEASUREMENTS, formatMeasurement, type BodyMeasurement, type BodyMeasurementsCm } from '@stitchhouse/shared/catalog/sizing.ts';
import { EMPTY_FIT_FORM, remembersFit } from '@stitchhouse/shared/catalog/fitStorage.ts';
import { cmToInches, formatDecimal } from '@stitchhouse/shared/catalog/units.ts';
import type { FitForm } from '../fit/remembered.ts';
import { MEASUREMENT_NAMES } from '../sizes/measurementNames.ts';
import * as styles from './FitsMePanel.module.css';

// The checks (zod) load with the first thing to check: a remembered form, or a submit (the
// desktop catalog shows this form at once, and zod on its first screen breaks the JavaScript budget).
const loadChecks = () => import('./fitForm.ts');

export interface FitsMePanelProps {
  /** The measurements applied now (from the URL), in cm. */
  applied: BodyMeasurementsCm;
  onApply(fit: BodyMeasurementsCm): void;
  onClear(): void;
}

/**
 * The form shows the measurements in the URL, nothing else: measurements this device remembers
 * but the address does not carry are offered ("Use my saved measurements"), never filled in
 * silently, so the form never suggests a filter the results do not have. The unit is remembered.
 */
function formFromApplied(applied: BodyMeasurementsCm, remembered: FitForm | null): FitForm {
  const has = BODY_MEASUREMENTS.some((m) => applied[m] !== undefined);
  if (!has) return { ...EMPTY_FIT_FORM, unit: remembered?.unit ?? 'cm' };
  const unit = remembered?.unit ?? 'cm';
  const show = (cm: number | undefined) => (cm === undefined ? '' : unit === 'cm' ? formatDecimal(cm) : formatDecimal(cmToInches(cm)));
  return { unit, bust: show(applied.bust), waist: show(applied.waist), hip: show(applied.hip) };
}

/**
 * "Fits me": body measurements in cm or inches, remembered on this device and put
 * into the URL when applied, so the catalog lists only patterns whose size chart covers them.
 */
export function FitsMePanel({ applied, onApply, onClear }: FitsMePanelProps) {
  const { i18n } = useLingui();
  const headingId = useId();
  const [saved, setSaved] = useState<{ form: FitForm; usable: boolean } | null>(null);
  const [form, setForm] = useState<FitForm>(() => formFromApplied(applied, null));
  const [errors, setErrors] = useState<Partial<Record<BodyMeasurement | 'form', string>>>({});
  const edited = useRef(false);
  const edit = (next: FitForm) => {
    edited.current = true;
    setForm(next);
  };

  // What this device remembers (its unit, and "Use my saved measurements"), read only when there is
  // something, once; shown with the measurements applied when it arrives.
  const showRemembered = useEffectEvent((remembered: FitForm) => {
    if (!edited.current) setForm(formFromApplied(applied, remembered));
  });
  useEffect(() => {
    if (!remembersFit()) return;
    let live = true;
    void loadChecks().then(({ loadFitForm, parseBodyMeasurements }) => {
      const remembered = loadFitForm();
      if (!live || !remembered) return;
      setSaved({ form: remembered, usable: parseBodyMeasurements(remembered).ok });
      showRemembered(remembered);
    });
    return () => {
      live = false;
    };
  }, []);
  const appliedKey = BODY_MEASUREMENTS.map((m) => applied[m] ?? '').join('/');
  const isApplied = appliedKey !== '//';

  // Back/forward or a shared link changed the applied measurements (`appliedKey`): show them.
  const showApplied = useEffectEvent(() => {
    setForm((current) => (isApplied ? formFromApplied(applied, { ...current }) : current));
  });
  useEffect(() => {
    showApplied();
  }, [appliedKey]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const { parseBodyMeasurements, saveFitForm } = await loadChecks();
    const parsed = parseBodyMeasurements(form);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    saveFitForm(form);
    setSaved({ form, usable: true });
    onApply(parsed.value);
  }

  async function applySaved() {
    if (!saved) return;
    const { parseBodyMeasurements } = await loadChecks();
    const parsed = parseBodyMeasurements(saved.form);
    if (!parsed.ok) return;
    setForm(saved.form);
    setErrors({});
    onApply(parsed.value);
  }

  function clear() {
    void loadChecks().then(({ forgetFitForm }) => forgetFitForm());
    setSaved(null);
    setForm((current) => ({ ...EMPTY_FIT_FORM, unit: current.unit }));
    setErrors({});
    onClear();
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="fits-me">
      <h2 id={headingId} className={styles.heading}>
        {i18n._('catalog.browse.fit.heading')}
      </h2>
      <p className={styles.lead}>{i18n._('catalog.browse.fit.lead')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.units}>
          <legend>{i18n._('catalog.browse.fit.unit')}</legend>
          {(['cm', 'in'] as const).map((unit) => (
            <label key={unit} className={styles.unit}>
              <input type="radio" name="fit-unit" value={unit} checked={form.unit === unit} onChange={() => edit({ ...form, unit })} />
              {unit === 'cm' ? i18n._('catalog.browse.fit.centimetres') : i18n._('catalog.browse.fit.inches')}
            </label>
          ))}
        </fieldset>
        <div className={styles.fields}>
          {BODY_MEASUREMENTS.map((m) => (
            <TextField
              key={m}
              label={i18n._('catalog.browse.fit.field', { name: i18n._(MEASUREMENT_NAMES[m]), unit: form.unit })}
              inputMode="decimal"
              autoComplete="off"
              name={m}
              value={form[m]}
              error={errors[m]}
              onChange={(event) => edit({ ...form, [m]: event.target.value })}
            />
          ))}
        </div>
        {errors.form ? (
          <p className={styles.error} role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" size="small">
            {i18n._('catalog.browse.fit.apply')}
          </Button>
          {!isApplied && saved?.usable ? (
            <Button variant="secondary" size="small" onClick={() => void applySaved()} data-testid="use-saved-fit">
              {i18n._('catalog.browse.fit.useSaved')}
            </Button>
          ) : null}
          {isApplied ? (
            <Button variant="ghost" size="small" onClick={clear}>
              {i18n._('catalog.browse.fit.clear')}
            </Button>
          ) : null}
        </div>
        {isApplied ? (
          <p className={styles.applied} aria-live="polite">
            {i18n._('catalog.browse.fit.showing', {
              measurements: BODY_MEASUREMENTS.filter((m) => applied[m] !== undefined)
                .map((m) => i18n._('catalog.browse.fit.measurement', { name: m, value: formatMeasurement(applied[m]!, form.unit) }))
                .join(', '),
            })}
          </p>
        ) : null}
      </form>
    </section>
  );
}
