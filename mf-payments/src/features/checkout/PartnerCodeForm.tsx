import { useState, type FormEvent } from 'react';
import { REFERRAL_CODE_FORMAT } from '@stitchhouse/shared/partners/referral.ts';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './Checkout.module.css';

/**
 * A reseller's code, typed by the buyer (issue #12). Its own field, apart from the store's discount
 * code: one lowers the price, the other credits a partner and never changes it, and a buyer may
 * have both. `applied` is the code the server's quote accepted; a refusal arrives as `error` and the
 * typed text stays so it can be corrected.
 */
export function PartnerCodeForm({ applied, pending, error, onApply, onRemove }: {
  applied: string | null;
  /** Sent, waiting for the quote to accept it. */
  pending: boolean;
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [input, setInput] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    const code = input.trim().toUpperCase();
    if (!REFERRAL_CODE_FORMAT.test(code)) {
      setFormatError('A partner code is 4 to 16 letters and digits, as the partner gave it.');
      return;
    }
    setFormatError(null);
    onApply(code);
  }

  const hint = applied
    ? `Partner code ${applied} applied: this partner is credited for your purchase. Your price stays the same.`
    : pending ? 'Checking the partner code…' : 'Optional. If a Stitchhouse partner gave you a code, enter it to credit them; your price stays the same.';
  // folded away by default: most buyers have none, and the store's discount code stays the obvious field
  return (
    <details className={styles.partnerCode}>
      <summary>Have a partner code?</summary>
      <form className={styles.codeRow} onSubmit={apply} noValidate aria-label="Partner code">
        <TextField label="Partner code (optional)" value={input} onChange={(event) => setInput(event.target.value)} autoComplete="off"
          error={formatError ?? error ?? undefined} hint={hint} />
        <Button type="submit" variant="secondary">Apply partner code</Button>
        {applied ? <Button variant="ghost" onClick={() => { setInput(''); onRemove(); }}>Remove the partner code</Button> : null}
      </form>
    </details>
  );
}
