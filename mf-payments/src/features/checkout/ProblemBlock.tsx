import { href } from '@stitchhouse/shared';
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { Link } from 'react-router';
import { signInHref } from '@stitchhouse/shared/auth/next.ts';
import { pageCart, type CartLine } from '@stitchhouse/shared/cart/index.ts';
import { formatMoney, type Currency } from '@stitchhouse/shared/money.ts';
import { Alert, Button, LinkButton } from '@stitchhouse/shared/ui/index.ts';
import type { PaymentProblem } from '../../api/functions.ts';
import { explainProblem, priceChangesOf } from './problems.ts';
import * as styles from './Checkout.module.css';

export interface ProblemBlockProps {
  problem: PaymentProblem;
  lines: readonly CartLine[];
  currency: Currency;
  onRetry(): void;
  onRemoveCode(): void;
}

/** What went wrong with this checkout, in words, and the button that moves it forward. */
export function ProblemBlock({ problem, lines, currency, onRetry, onRemoveCode }: ProblemBlockProps) {
  const { i18n } = useLingui();
  const explained = explainProblem(problem);
  const named = lines.filter((line) => explained.patternIds.includes(line.patternId));
  const titleOf = (id: string) => lines.find((line) => line.patternId === id)?.title ?? i18n._('payments.problem.aPattern');
  const cart = pageCart();

  let actions: ReactNode;
  switch (explained.action) {
    case 'sign_in':
      actions = (
        <LinkButton size="small" to={signInHref(href('/payment/send'))}>
          {i18n._('payments.signIn')}
        </LinkButton>
      );
      break;
    case 'browse':
      actions = (
        <LinkButton size="small" to={href('/patterns')}>
          {i18n._('payments.browse')}
        </LinkButton>
      );
      break;
    case 'remove_listed':
      actions =
        named.length > 0 ? (
          <Button size="small" onClick={() => cart.removePatterns(named.map((l) => l.patternId))}>
            {i18n._('payments.problem.removeNamed', { count: named.length })}
          </Button>
        ) : (
          <Button size="small" onClick={onRetry}>
            {i18n._('payments.tryAgain')}
          </Button>
        );
      break;
    case 'remove_code':
      actions = (
        <Button size="small" onClick={onRemoveCode}>
          {i18n._('payments.code.remove')}
        </Button>
      );
      break;
    case 'remove_print_lines':
      actions = (
        <>
          <Button size="small" onClick={() => lines.filter((l) => l.kind === 'wholesale_print').forEach((l) => cart.remove(l.patternId, l.kind))}>
            {i18n._('payments.problem.removePrints')}
          </Button>
          <LinkButton size="small" variant="secondary" to={href('/account/wholesale')}>
            {i18n._('payments.problem.applyWholesale')}
          </LinkButton>
        </>
      );
      break;
    case 'retry':
      actions = (
        <Button size="small" onClick={onRetry}>
          {i18n._('payments.tryAgain')}
        </Button>
      );
      break;
    default:
      actions = null; // fix_quantity: the field says what to change; confirm_prices: Pay confirms
  }

  const changes = explained.action === 'confirm_prices' ? priceChangesOf(problem.details) : [];
  return (
    <Alert tone={explained.action === 'confirm_prices' ? 'warning' : 'danger'} title={explained.title} actions={actions}>
      <p>{explained.message}</p>
      {named.length > 0 && explained.action === 'remove_listed' ? (
        <ul className={styles.changes}>
          {named.map((line) => (
            <li key={line.patternId}>{line.title}</li>
          ))}
        </ul>
      ) : null}
      {changes.length > 0 ? (
        <ul className={styles.changes} aria-label={i18n._('payments.problem.priceChanges')}>
          {changes.map((change) => (
            <li key={change.pattern_id}>
              {Number.isSafeInteger(change.old_unit_price_cents) ? (
                <Trans
                  id="payments.problem.priceChange"
                  values={{
                    title: titleOf(change.pattern_id),
                    old: formatMoney(change.old_unit_price_cents, currency),
                    now: formatMoney(change.new_unit_price_cents, currency),
                  }}
                  components={{ 0: <s /> }}
                />
              ) : (
                i18n._('payments.problem.priceNow', { title: titleOf(change.pattern_id), now: formatMoney(change.new_unit_price_cents, currency) })
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {explained.action === 'sign_in' ? null : problem.code === 'wholesale_not_approved' ? (
        <p>
          <Link to={href('/account/wholesale')}>{i18n._('payments.problem.whatWholesale')}</Link>
        </p>
      ) : null}
    </Alert>
  );
}
