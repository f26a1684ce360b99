import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { BODY_MEASUREMENTS, formatMeasurement, type BodyMeasurement, type BodyMeasurementsCm } from '@stitchhouse/shared/catalog/sizing.ts';
import { parseBodyMeasurements } from '@stitchhouse/shared/catalog/schemas.ts';
import { cmToInches, formatDecimal } from '@stitchhouse/shared/catalog/units.ts';
import { EMPTY_FIT_FORM, forgetFitForm, loadFitForm, saveFitForm, type FitForm } from '../shared/fit/remembered.ts';
import * as styles from './FitsMePanel.module.css';

const NAMES: Record<BodyMeasurement, string> = { bust: 'Bust', waist: 'Waist', hip: 'Hip' };

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
  const headingId = useId();
  const [saved, setSaved] = useState<FitForm | null>(() => loadFitForm());
  const [form, setForm] = useState<FitForm>(() => formFromApplied(applied, saved));
  const [errors, setErrors] = useState<Partial<Record<BodyMeasurement | 'form', string>>>({});
  const appliedKey = BODY_MEASUREMENTS.map((m) => applied[m] ?? '').join('/');
  const isApplied = appliedKey !== '//';

  // Back/forward or a shared link changed the applied measurements: show them.
  useEffect(() => {
    setForm((current) => (isApplied ? formFromApplied(applied, { ...current }) : current));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appliedKey]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseBodyMeasurements(form);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      return;
    }
    setErrors({});
    saveFitForm(form);
    setSaved(form);
    onApply(parsed.value);
  }

  function useSaved() {
    if (!saved) return;
    const parsed = parseBodyMeasurements(saved);
    if (!parsed.ok) return;
    setForm(saved);
    setErrors({});
    onApply(parsed.value);
  }

  function clear() {
    forgetFitForm();
    setSaved(null);
    setForm((current) => ({ ...EMPTY_FIT_FORM, unit: current.unit }));
    setErrors({});
    onClear();
  }

  return (
    <section className={styles.panel} aria-labelledby={headingId} data-testid="fits-me">
      <h2 id={headingId} className={styles.heading}>Fits me</h2>
      <p className={styles.lead}>Enter your body measurements to see only patterns whose size chart covers you, with your size on each card.</p>
      <form onSubmit={submit} noValidate>
        <fieldset className={styles.units}>
          <legend>Unit</legend>
          {(['cm', 'in'] as const).map((unit) => (
            <label key={unit} className={styles.unit}>
              <input type="radio" name="fit-unit" value={unit} checked={form.unit === unit} onChange={() => setForm({ ...form, unit })} />
              {unit === 'cm' ? 'Centimetres' : 'Inches'}
            </label>
          ))}
        </fieldset>
        <div className={styles.fields}>
          {BODY_MEASUREMENTS.map((m) => (
            <TextField
              key={m}
              label={`${NAMES[m]} (${form.unit})`}
              inputMode="decimal"
              autoComplete="off"
              name={m}
              value={form[m]}
              error={errors[m]}
              onChange={(event) => setForm({ ...form, [m]: event.target.value })}
            />
          ))}
        </div>
        {errors.form ? <p className={styles.error} role="alert">{errors.form}</p> : null}
        <div className={styles.actions}>
          <Button type="submit" size="small">Show patterns that fit</Button>
          {!isApplied && saved && parseBodyMeasurements(saved).ok ? (
            <Button variant="secondary" size="small" onClick={useSaved} data-testid="use-saved-fit">
              Use my saved measurements
            </Button>
          ) : null}
          {isApplied ? (
            <Button variant="ghost" size="small" onClick={clear}>
              Clear measurements
            </Button>
          ) : null}
        </div>
        {isApplied ? (
          <p className={styles.applied} aria-live="polite">
            Showing patterns for{' '}
            {BODY_MEASUREMENTS.filter((m) => applied[m] !== undefined)
              .map((m) => `${NAMES[m].toLowerCase()} ${formatMeasurement(applied[m]!, form.unit)}`)
              .join(', ')}
            .
          </p>
        ) : null}
      </form>
    </section>
  );
}
