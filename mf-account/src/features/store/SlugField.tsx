import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { slugSchema } from '@stitchhouse/shared/account/schemas.ts';
import { TextField } from '@stitchhouse/shared/ui/index.ts';
import { slugStatus, type SlugStatus } from '../../api/store.ts';
import * as styles from '../layout/account.module.css';

const WORDS: Record<SlugStatus, string> = {
  available: /*i18n*/ 'account.slug.available',
  yours: /*i18n*/ 'account.slug.yours',
  taken: /*i18n*/ 'account.slug.taken',
  reserved: /*i18n*/ 'account.slug.reserved',
  invalid: /*i18n*/ 'account.slug.invalid',
};

export interface SlugFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** The store's current address (unchanged = nothing to check). */
  current: string | null;
}

/** The store's address with a live answer from the database while typing (debounced). */
export function SlugField({ id, value, onChange, error, current }: SlugFieldProps) {
  const { i18n } = useLingui();
  const [status, setStatus] = useState<SlugStatus | 'checking' | 'unknown' | null>(null);
  useEffect(() => {
    const slug = value.trim();
    if (!slug || slug === current) {
      setStatus(null);
      return;
    }
    if (!slugSchema.safeParse(slug).success) {
      setStatus('invalid');
      return;
    }
    const controller = new AbortController();
    setStatus('checking');
    const timer = setTimeout(() => {
      slugStatus(slug, controller.signal).then(
        (answer) => !controller.signal.aborted && setStatus(answer),
        () => !controller.signal.aborted && setStatus('unknown'),
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [value, current]);

  const good = status === 'available' || status === 'yours';
  const line =
    status === 'checking'
      ? i18n._('account.authenticator.checking')
      : status === 'unknown'
        ? i18n._('account.slug.unknown')
        : status
          ? i18n._(WORDS[status])
          : null;
  return (
    <div>
      <TextField
        id={id}
        label={i18n._('account.slug.label')}
        hint={i18n._('account.slug.hint', {
          address: `${typeof window === 'undefined' ? '' : window.location.origin}/stores/${value.trim() || i18n._('account.slug.placeholder')}`,
        })}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        required
        error={error}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <p
        className={`${styles.status} ${good ? styles.ok : status && status !== 'checking' ? styles.bad : styles.muted}`}
        role="status"
        aria-live="polite"
        data-slug-status={status ?? ''}
      >
        {line}
      </p>
    </div>
  );
}
