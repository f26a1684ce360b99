import { useState, type FormEvent } from 'react';
import { Button, Select, TextField } from '@stitchhouse/shared/ui/index.ts';
import { checkCustom, PRESETS, PROBLEM_TEXT, type Period, type Preset } from './period.ts';
import * as styles from './reports.module.css';

export interface PeriodPickerProps {
  period: Period;
  onPreset(preset: Exclude<Preset, 'custom'>): void;
  onCustom(from: string, to: string): void;
}

/** Presets apply at once; a custom range applies with its button, after its dates are checked. */
export function PeriodPicker({ period, onPreset, onCustom }: PeriodPickerProps) {
  const [choice, setChoice] = useState<Preset>(period.preset);
  const [from, setFrom] = useState(period.from);
  const [to, setTo] = useState(period.to);
  const [problem, setProblem] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = checkCustom(from, to);
    setProblem(found ? PROBLEM_TEXT[found] : null);
    if (!found) onCustom(from, to);
  };
  return (
    <form className={styles.period} onSubmit={apply} aria-label="Report period">
      <Select
        label="Period"
        value={choice}
        options={PRESETS}
        onChange={(e) => {
          const value = e.target.value as Preset;
          setChoice(value);
          if (value !== 'custom') { setProblem(null); onPreset(value); }
        }}
      />
      {choice === 'custom' ? (
        <>
          <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} required error={problem ?? undefined} />
          <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} required />
          <Button type="submit">Show this range</Button>
        </>
      ) : null}
    </form>
  );
}
