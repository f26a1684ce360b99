import { useState } from 'react';
import { describeError, errorMessage } from '@stitchhouse/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, QueryState, Select, TextField } from '@stitchhouse/shared/ui/index.ts';
import { createDiscountCode, deactivateDiscountCode, discountKeys, storeDiscountCodes, storePatterns } from '../../api/discounts.ts';
import type { MyStore } from '../../api/stores.ts';
import { useZodForm } from '@stitchhouse/shared/form/index.ts';
import { EMPTY_DISCOUNT, discountFormSchema } from '../shared/discountForm.ts';
import { formatAmount, formatDay } from '@stitchhouse/shared/money.ts';
import * as styles from '../shared/Hub.module.css';

const todayHere = () => new Date().toLocaleDateString('en-CA'); // YYYY-MM-DD in the local time zone

/** A store's discount codes: create (percent or amount, expiry, usage limit, one pattern or all), list, deactivate. */
export function DiscountCodes({ store }: { store: MyStore }) {
  const queryClient = useQueryClient();
  const codes = useQuery({ queryKey: discountKeys.codes(store.id), queryFn: ({ signal }) => storeDiscountCodes(store.id, signal) });
  const patterns = useQuery({ queryKey: discountKeys.patterns(store.id), queryFn: ({ signal }) => storePatterns(store.id, signal) });
  const refetchCodes = () => void queryClient.invalidateQueries({ queryKey: discountKeys.codes(store.id) });
  const form = useZodForm(discountFormSchema(store.id, store.currency, todayHere), EMPTY_DISCOUNT);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const titleOf = (id: string | null) => (id ? (patterns.data?.find((p) => p.id === id)?.title ?? 'one pattern') : 'every pattern');

  const create = form.onSubmit(async (row) => {
    try {
      const created = await createDiscountCode(row);
      form.rhf.reset(EMPTY_DISCOUNT);
      setMessage({ tone: 'success', text: `Code ${created.code} created.` });
      refetchCodes();
    } catch (caught) {
      const described = describeError(caught);
      if (described.code === '23505') form.rhf.setError('code', { type: 'server', message: 'Your store already has this code. Choose another.' });
      else setMessage({ tone: 'danger', text: described.message });
    }
  });

  async function deactivate(id: string, code: string) {
    setMessage(null);
    try {
      await deactivateDiscountCode(id);
      setMessage({ tone: 'success', text: `Code ${code} deactivated: it no longer works at checkout.` });
      refetchCodes();
    } catch (caught) {
      setMessage({ tone: 'danger', text: errorMessage(caught) });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={`codes-${store.id}`}>
      <h2 id={`codes-${store.id}`}>Discount codes of {store.name}</h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <QueryState
        query={codes}
        loadingLabel="Loading your discount codes"
        rows={2}
        errorTitle="Your discount codes could not be loaded"
        keepDataOnError
        empty={<p className={styles.meta}>No codes yet. Create one below and share it with your customers.</p>}
      >
        {(list) => (
          <table className={styles.table}>
            <caption className={styles.meta}>Codes buyers can enter at checkout</caption>
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Applies to</th>
                <th scope="col">Expires</th>
                <th scope="col" className={styles.num}>
                  Used
                </th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.code}</strong>
                  </td>
                  <td>{c.percent_off !== null ? `${c.percent_off} % off` : `${formatAmount(c.amount_off_cents ?? 0, c.currency ?? store.currency)} off`}</td>
                  <td>{titleOf(c.pattern_id)}</td>
                  <td>{c.expires_at ? formatDay(c.expires_at) : 'Never'}</td>
                  <td className={styles.num}>
                    {c.redemptions}
                    {c.max_redemptions ? ` of ${c.max_redemptions}` : ''}
                  </td>
                  <td>
                    {c.active ? (
                      <Button size="small" variant="ghost" onClick={() => deactivate(c.id, c.code)} aria-label={`Deactivate ${c.code}`}>
                        Deactivate
                      </Button>
                    ) : (
                      'Inactive'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      <form
        className={styles.form}
        onSubmit={(event) => {
          setMessage(null);
          create(event);
        }}
        noValidate
        aria-label={`New discount code for ${store.name}`}
      >
        <div className={styles.formRow}>
          <TextField label="Code" autoComplete="off" required {...form.field('code')} />
          <Select
            label="Type"
            {...form.field('kind')}
            options={[
              { value: 'percent', label: 'Percentage off' },
              { value: 'amount', label: `Amount off (${store.currency})` },
            ]}
          />
          <TextField
            label={form.values.kind === 'percent' ? 'Percent off' : `Amount off (${store.currency})`}
            inputMode="decimal"
            required
            {...form.field('value')}
          />
        </div>
        <div className={styles.formRow}>
          <Select
            label="Applies to"
            {...form.field('patternId')}
            placeholder="Every pattern of the store"
            options={(patterns.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
          />
          <TextField label="Expires on (optional)" type="date" min={todayHere()} {...form.field('expiresOn')} />
          <TextField label="Usage limit (optional)" inputMode="numeric" hint="Leave empty for no limit." {...form.field('maxRedemptions')} />
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel="Creating the code…">
            Create code
          </Button>
        </div>
      </form>
    </section>
  );
}
