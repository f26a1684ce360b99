import type { ComponentProps } from 'react';
import { TextField } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './form.module.css';
import { useLingui } from '@lingui/react';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'hint' | 'inputMode' | 'autoComplete' | 'maxLength' | 'className' | 'required'>;

/** The 6-digit code of a sign-in or confirmation email (spaces allowed while typing, so up to 9 characters). */
export function EmailCodeField(props: FieldProps) {
  const { i18n } = useLingui();
  return (
    <TextField
      label={i18n._('auth.code.label')}
      hint={i18n._('auth.code.hint')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={9}
      className={styles.code}
      required
      {...props}
    />
  );
}
