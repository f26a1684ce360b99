import { useId, type ReactNode } from 'react';
import { cx, describedBy } from './classNames.ts';
import * as styles from './Field.module.css';

/** Props a Field hands to its control so label, hint and error are wired up. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  required: boolean | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** What to enter, shown under the label and read with the control. */
  hint?: ReactNode;
  /** What went wrong, shown under the control and read with it. */
  error?: ReactNode;
  required?: boolean;
  /** Use a given id (e.g. to link from an error summary); otherwise one is generated. */
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** Label + hint + control + error, with aria-describedby and aria-invalid set for the control. */
export function Field({ label, hint, error, required, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
        {required ? (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <div id={hintId} className={styles.hint}>
          {hint}
        </div>
      ) : null}
      {children({
        id: controlId,
        'aria-describedby': describedBy(hintId, errorId),
        'aria-invalid': error ? true : undefined,
        required,
      })}
      {error ? (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
