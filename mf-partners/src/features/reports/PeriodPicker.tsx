import { useLingui } from '@lingui/react';
import { i18n as runtime } from '@stitchhouse/shared/i18n/index.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { Button, Select, TextField } from '@stitchhouse/shared/ui/index.ts';
import * as z from '@stitchhouse/shared/zod.ts';
import { checkCustom, PRESETS, PROBLEM_TEXT, type Period, type Preset } from './period.ts';
import * as styles from './reports.module.css';

export interface PeriodPickerProps {
  period: Period;
  onPreset(preset: Exclude<Preset, 'custom'>): void;
  onCustom(from: string, to: string): void;
}

// the custom range's dates, checked as the report's URL is (checkCustom); the message shows on From
const rangeSchema = z.object({ preset: z.string(), from: z.string(), to: z.string() }).superRefine(({ from, to }, ctx) => {
  const found = checkCustom(from, to);
  if (found) ctx.addIssue({ code: 'custom', path: ['from'], message: runtime._(PROBLEM_TEXT[found]) });
});

/** Presets apply at once; a custom range applies with its button, after its dates are checked. */
export function PeriodPicker({ period, onPreset, onCustom }: PeriodPickerProps) {
  const { i18n } = useLingui();
  const form = useZodForm(rangeSchema, { preset: period.preset as string, from: period.from, to: period.to });
  const choice = form.values.preset as Preset;
  const preset = form.rhf.register('preset');
  const apply = form.onSubmit(async ({ from, to }) => onCustom(from, to));
  return (
    <form className={styles.period} onSubmit={apply} aria-label={i18n._('partners.period.label')}>
      <Select
        label={i18n._('partners.period.period')}
        options={PRESETS.map((p) => ({ value: p.value, label: i18n._(p.label) }))}
        {...preset}
        onChange={(e) => {
          void preset.onChange(e);
          const value = e.target.value as Preset;
          if (value !== 'custom') {
            form.rhf.clearErrors();
            onPreset(value);
          }
        }}
      />
      {choice === 'custom' ? (
        <>
          <TextField label={i18n._('partners.period.from')} type="date" required {...form.field('from')} />
          <TextField label={i18n._('partners.period.to')} type="date" required {...form.field('to')} />
          <Button type="submit">{i18n._('partners.period.apply')}</Button>
        </>
      ) : null}
    </form>
  );
}
