import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { referralLink } from '@stitchhouse/shared/partners/referral.ts';
import { REFERRAL_ATTRIBUTION_DAYS } from '@stitchhouse/shared/pricing.ts';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './resellers.module.css';

// `id` names the row's field (stable in every language); `label` is a catalog id
const PAGES = [
  { path: '/', id: 'home-page', label: /*i18n*/ 'partners.referral.page.home', what: /*i18n*/ 'partners.referral.what.home' },
  { path: href('/patterns'), id: 'the-pattern-catalog', label: /*i18n*/ 'partners.referral.page.catalog', what: /*i18n*/ 'partners.referral.what.catalog' },
  { path: href('/designers'), id: 'for-designers', label: /*i18n*/ 'partners.referral.page.designers', what: /*i18n*/ 'partners.referral.what.designers' },
];

/** The approved reseller's code and ready-made links (any page works with ?ref=CODE), each with a copy button. */
export function ReferralLinks({ code }: { code: string }) {
  const { i18n } = useLingui();
  const origin = typeof window === 'undefined' ? 'https://stitchhouse.example' : window.location.origin;
  const [custom, setCustom] = useState('');
  const customLink = customPath(custom, origin);
  return (
    <section className={styles.section} aria-labelledby="referral-title">
      <h3 id="referral-title">{i18n._('partners.referral.title')}</h3>
      <p>
        {i18n._('partners.referral.code')}{' '}
        <span className={styles.code} data-testid="referral-code">
          {code}
        </span>{' '}
        <CopyButton text={code} what={i18n._('partners.referral.what.code')} />
      </p>
      <p className={styles.muted}>
        <Trans id="partners.referral.how" values={{ param: `?ref=${code}`, days: REFERRAL_ATTRIBUTION_DAYS }} components={{ 0: <code /> }} />
      </p>
      <ul className={styles.links} aria-label={i18n._('partners.referral.links')}>
        {PAGES.map((p) => (
          <li key={p.path}>
            <LinkRow id={p.id} label={i18n._(p.label)} what={i18n._(p.what)} link={referralLink(origin, p.path, code)} />
          </li>
        ))}
      </ul>
      <TextField
        id="referral-custom"
        type="url"
        label={i18n._('partners.referral.custom')}
        value={custom}
        onChange={(e) => setCustom(e.target.value)}
        hint={i18n._('partners.referral.custom.hint', { pattern: `${origin}/patterns/…`, store: `${origin}/stores/…` })}
      />
      {custom ? (
        customLink ? (
          <LinkRow
            id="your-link"
            label={i18n._('partners.referral.yourLink')}
            what={i18n._('partners.referral.what.yourLink')}
            link={referralLink(origin, customLink, code)}
          />
        ) : (
          <p role="alert" className={styles.muted}>
            {i18n._('partners.referral.notHere', { origin })}
          </p>
        )
      ) : null}
    </section>
  );
}

/** A pasted address on this site, as a path with its own query (other ref= removed); null for another site. */
function customPath(value: string, origin: string): string | null {
  try {
    const url = new URL(value.trim(), origin);
    if (url.origin !== origin) return null;
    url.searchParams.delete('ref');
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

function LinkRow({ id: name, label, what, link }: { id: string; label: string; what: string; link: string }) {
  const id = `link-${name}`;
  return (
    <div className={styles.link}>
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={link} what={what} />
    </div>
  );
}

/** `what` names the thing copied, in the page's language: "code", "home page link". */
function CopyButton({ text, what }: { text: string; what: string }) {
  const { i18n } = useLingui();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed'); // no clipboard permission: the field is selectable
    }
    window.setTimeout(() => setState('idle'), 2500);
  }
  return (
    <>
      <Button size="small" variant="secondary" onClick={() => void copy()} aria-label={i18n._('partners.referral.copy.label', { what })}>
        {state === 'copied' ? i18n._('partners.copy.copied') : i18n._('partners.copy.copy')}
      </Button>
      <span role="status" className={styles.muted}>
        {state === 'copied' ? i18n._('partners.referral.copy.done', { what }) : state === 'failed' ? i18n._('partners.referral.copy.failed') : ''}
      </span>
    </>
  );
}
