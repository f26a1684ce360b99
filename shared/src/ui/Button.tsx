import type { ComponentPropsWithRef, ReactNode } from 'react';
import { cx } from './classNames.ts';
import { Spinner } from './Spinner.tsx';
import * as styles from './Button.module.css';
import { useI18n } from './useI18n.ts';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonLookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width of its container (forms on narrow screens). */
  block?: boolean;
}

/** Class list shared by Button and LinkButton so a link can look like a button. */
export function buttonClassName({ variant = 'primary', size = 'medium', block = false }: ButtonLookProps, extra?: string): string {
  return cx(styles.button, styles[variant], size !== 'medium' && styles[size], block && styles.block, extra);
}

export interface ButtonProps extends ComponentPropsWithRef<'button'>, ButtonLookProps {
  /** Shows a spinner, announces `busyLabel` and blocks double submits. */
  busy?: boolean;
  busyLabel?: string;
  children: ReactNode;
}

export function Button({ variant, size, block, busy = false, busyLabel, type = 'button', className, disabled, children, ...rest }: ButtonProps) {
  const i18n = useI18n();
  return (
    <button {...rest} type={type} className={buttonClassName({ variant, size, block }, className)} disabled={disabled || busy} aria-busy={busy || undefined}>
      {busy ? <Spinner size="small" label={busyLabel ?? i18n._('shared.ui.working')} /> : null}
      {children}
    </button>
  );
}
