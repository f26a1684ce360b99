import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { buttonClassName, type ButtonLookProps } from './Button.tsx';

export type LinkButtonProps = ComponentPropsWithRef<typeof Link> & ButtonLookProps;

/** A navigation link that looks like a button (calls to action). It stays a link for assistive tech. */
export function LinkButton({ variant, size, block, className, ...rest }: LinkButtonProps) {
  return <Link {...rest} className={buttonClassName({ variant, size, block }, typeof className === 'string' ? className : undefined)} />;
}
