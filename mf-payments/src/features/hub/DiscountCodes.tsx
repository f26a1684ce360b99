import { useState } from 'react';
import { useLingui } from '@lingui/react';
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
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const codes = useQuery({ queryKey: discountKeys.codes(store.id), queryFn: ({ signal }) => storeDiscountCodes(store.id, signal) });
  const patterns = useQuery({ queryKey: discountKeys.patterns(store.id), queryFn: ({ signal }) => storePatterns(store.id, signal) });
  const refetchCodes = () => void queryClient.invalidateQueries({ queryKey: discountKeys.codes(store.id) });
  const form = useZodForm(discountFormSchema(store.id, store.currency, todayHere), EMPTY_DISCOUNT);
  const [message, setMessage] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const titleOf = (id: string | null) =>
    id ? (patterns.data?.find((p) => p.id === id)?.title ?? i18n._('payments.discount.onePattern')) : i18n._('payments.discount.everyPattern');

  const create = form.onSubmit(async (row) => {
    try {
      const created = await createDiscountCode(row);
      form.rhf.reset(EMPTY_DISCOUNT);
      setMessage({ tone: 'success', text: i18n._('payments.discount.created', { code: created.code }) });
      refetchCodes();
    } catch (caught) {
      const described = describeError(caught);
      if (described.code === '23505') form.rhf.setError('code', { type: 'server', message: i18n._('payments.discount.taken') });
      else setMessage({ tone: 'danger', text: described.message });
    }
  });

  async function deactivate(id: string, code: string) {
    setMessage(null);
    try {
      await deactivateDiscountCode(id);
      setMessage({ tone: 'success', text: i18n._('payments.discount.deactivated', { code }) });
      refetchCodes();
    } catch (caught) {
      setMessage({ tone: 'danger', text: errorMessage(caught) });
    }
  }

  return (
    <section className={styles.section} aria-labelledby={`codes-${store.id}`}>
      <h2 id={`codes-${store.id}`}>{i18n._('payments.discount.title', { store: store.name })}</h2>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <QueryState
        query={codes}
        loadingLabel={i18n._('payments.discount.loading')}
        rows={2}
        errorTitle={i18n._('payments.discount.error')}
        keepDataOnError
        empty={<p className={styles.meta}>{i18n._('payments.discount.none')}</p>}
      >
        {(list) => (
          <table className={styles.table}>
            <caption className={styles.meta}>{i18n._('payments.discount.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{i18n._('payments.discount.code')}</th>
                <th scope="col">{i18n._('payments.quote.discount')}</th>
                <th scope="col">{i18n._('payments.discount.appliesTo')}</th>
                <th scope="col">{i18n._('payments.discount.expiresCol')}</th>
                <th scope="col" className={styles.num}>
                  {i18n._('payments.discount.used')}
                </th>
                <th scope="col">{i18n._('payments.discount.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((c) => (
                <tr key={c.id}>
                  <td>
                    <strong>{c.code}</strong>
                  </td>
                  <td>
                    {c.percent_off !== null
                      ? i18n._('payments.discount.percentOff', { percent: c.percent_off })
                      : i18n._('payments.discount.amountOff', { amount: formatAmount(c.amount_off_cents ?? 0, c.currency ?? store.currency) })}
                  </td>
                  <td>{titleOf(c.pattern_id)}</td>
                  <td>{c.expires_at ? formatDay(c.expires_at) : i18n._('payments.discount.never')}</td>
                  <td className={styles.num}>
                    {c.max_redemptions ? i18n._('payments.discount.usedOf', { used: c.redemptions, max: c.max_redemptions }) : c.redemptions}
                  </td>
                  <td>
                    {c.active ? (
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => deactivate(c.id, c.code)}
                        aria-label={i18n._('payments.discount.deactivateLabel', { code: c.code })}
                      >
                        {i18n._('payments.discount.deactivate')}
                      </Button>
                    ) : (
                      i18n._('payments.discount.inactive')
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
        aria-label={i18n._('payments.discount.newLabel', { store: store.name })}
      >
        <div className={styles.formRow}>
          <TextField label={i18n._('payments.discount.code')} autoComplete="off" required {...form.field('code')} />
          <Select
            label={i18n._('payments.discount.type')}
            {...form.field('kind')}
            options={[
              { value: 'percent', label: i18n._('payments.discount.percentType') },
              { value: 'amount', label: i18n._('payments.discount.amountType', { currency: store.currency }) },
            ]}
          />
          <TextField
            label={
              form.values.kind === 'percent' ? i18n._('payments.discount.percentLabel') : i18n._('payments.discount.amountType', { currency: store.currency })
            }
            inputMode="decimal"
            required
            {...form.field('value')}
          />
        </div>
        <div className={styles.formRow}>
          <Select
            label={i18n._('payments.discount.appliesTo')}
            {...form.field('patternId')}
            placeholder={i18n._('payments.discount.everyPatternOfStore')}
            options={(patterns.data ?? []).map((p) => ({ value: p.id, label: p.title }))}
          />
          <TextField label={i18n._('payments.discount.expiresOn')} type="date" min={todayHere()} {...form.field('expiresOn')} />
          <TextField
            label={i18n._('payments.discount.limit')}
            inputMode="numeric"
            hint={i18n._('payments.discount.limitHint')}
            {...form.field('maxRedemptions')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" busy={form.busy} busyLabel={i18n._('payments.discount.creating')}>
            {i18n._('payments.discount.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}
