import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './classNames.ts';
import { Field } from './Field.tsx';
import * as styles from './Input.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'id' | 'children'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  options: readonly SelectOption[];
  /** A first, empty option such as "Any craft"; selecting it gives the value "". */
  placeholder?: string;
}

/** A labelled native select: native keeps keyboard, touch and screen-reader behaviour right. */
export function Select({ label, hint, error, id, required, className, options, placeholder, ...select }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {(control) => (
        <select {...select} {...control} className={cx(styles.control, styles.select)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
