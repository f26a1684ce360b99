import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './classNames.ts';
import { Field } from './Field.tsx';
import * as styles from './Input.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/** A labelled text input; pass `type="email"`, `autoComplete`, etc. as usual. */
export function TextField({ label, hint, error, id, required, className, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <input type="text" {...input} {...control} className={styles.control} />}
    </Field>
  );
}

export interface TextAreaProps extends Omit<ComponentPropsWithRef<'textarea'>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/** A labelled multi-line text box (descriptions, bios). */
export function TextArea({ label, hint, error, id, required, className, rows = 5, ...area }: TextAreaProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => <textarea rows={rows} {...area} {...control} className={cx(styles.control)} />}
    </Field>
  );
}
