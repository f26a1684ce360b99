import { useState, type ChangeEvent, type FocusEvent, type Ref } from 'react';
import { Field } from '@stitchhouse/shared/ui/index.ts';
import { describedBy } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './password.module.css';
import { Trans } from '@lingui/react';

export interface PasswordInputProps {
  id: string;
  label: string;
  name: string;
  /** Absent when the form registers the input (react-hook-form reads it through `ref`). */
  value?: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: (e: FocusEvent<HTMLInputElement>) => void;
  ref?: Ref<HTMLInputElement>;
  autoComplete: 'current-password' | 'new-password';
  error?: string;
  hint?: string;
  /** ids of extra descriptions (the strength checklist). */
  describedByIds?: string;
}

/** A password field with a Show/Hide toggle (a real button, so it works from the keyboard). */
export function PasswordInput({ id, label, name, value, onChange, onBlur, ref, autoComplete, error, hint, describedByIds }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id={id} label={label} error={error} hint={hint} required>
      {(control) => (
        <div className={styles.inputRow}>
          <input
            {...control}
            aria-describedby={describedBy(control['aria-describedby'], describedByIds)}
            className={styles.input}
            type={visible ? 'text' : 'password'}
            name={name}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            ref={ref}
            autoComplete={autoComplete}
            spellCheck={false}
            autoCapitalize="off"
          />
          <button type="button" className={styles.toggle} aria-pressed={visible} aria-controls={id} onClick={() => setVisible((v) => !v)}>
            {visible ? (
              <Trans id="auth.password.hide" components={{ 0: <span className={styles.srOnly} /> }} />
            ) : (
              <Trans id="auth.password.show" components={{ 0: <span className={styles.srOnly} /> }} />
            )}
          </button>
        </div>
      )}
    </Field>
  );
}
