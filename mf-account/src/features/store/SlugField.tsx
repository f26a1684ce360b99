import { useEffect, useState } from 'react';
import { slugSchema } from '@stitchhouse/shared/account/schemas.ts';
import { TextField } from '@stitchhouse/shared/ui/index.ts';
import { slugStatus, type SlugStatus } from '../../api/store.ts';
import * as styles from '../layout/account.module.css';

const WORDS: Record<SlugStatus, string> = {
  available: 'Available.',
  yours: 'This address is yours.',
  taken: 'Taken: another store has (or had) this address.',
  reserved: 'Reserved: this word belongs to Stitchhouse. Choose another.',
  invalid: 'Use lowercase letters, digits and single hyphens, 3 to 40 characters.',
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
    status === 'checking' ? 'Checking…' : status === 'unknown' ? 'Could not check right now; we check again when you save.' : status ? WORDS[status] : null;
  return (
    <div>
      <TextField
        id={id}
        label="Store address"
        hint={`Your storefront: ${typeof window === 'undefined' ? '' : window.location.origin}/stores/${value.trim() || 'your-address'}. Old addresses keep leading here.`}
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
