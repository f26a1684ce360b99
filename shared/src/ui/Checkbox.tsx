import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx, describedBy } from './classNames.ts';
import * as styles from './Checkbox.module.css';

export interface CheckboxProps extends Omit<ComponentPropsWithRef<'input'>, 'type' | 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/** A checkbox with its label beside it (the label is the click target too). */
export function Checkbox({ label, hint, error, id, className, ...input }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cx(styles.checkbox, className)}>
      <div className={styles.row}>
        <input
          {...input}
          type="checkbox"
          id={controlId}
          className={styles.input}
          aria-describedby={describedBy(hintId, errorId)}
          aria-invalid={error ? true : undefined}
        />
        <div>
          <label htmlFor={controlId} className={styles.label}>
            {label}
          </label>
          {hint ? (
            <span id={hintId} className={styles.hint}>
              {hint}
            </span>
          ) : null}
        </div>
      </div>
      {error ? (
        <div id={errorId} className={styles.error}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
