import type { ComponentProps } from 'react';
import { TextField } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './form.module.css';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'hint' | 'inputMode' | 'autoComplete' | 'maxLength' | 'className' | 'required'>;

/** The 6-digit code of a sign-in or confirmation email (spaces allowed while typing, so up to 9 characters). */
export function EmailCodeField(props: FieldProps) {
  return (
    <TextField
      label="6-digit code"
      hint="It is in the same email as the link."
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      className={styles.code}
      required
      {...props}
    />
  );
}
