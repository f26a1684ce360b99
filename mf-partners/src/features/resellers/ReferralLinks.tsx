import { href } from '@stitchhouse/shared';
import { useState } from 'react';
import { referralLink } from '@stitchhouse/shared/partners/referral.ts';
import { REFERRAL_ATTRIBUTION_DAYS } from '@stitchhouse/shared/pricing.ts';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import * as styles from './resellers.module.css';

const PAGES = [
  { path: '/', label: 'Home page' },
  { path: href('/patterns'), label: 'The pattern catalog' },
  { path: href('/designers'), label: 'For designers' },
];

/** The approved reseller's code and ready-made links (any page works with ?ref=CODE), each with a copy button. */
export function ReferralLinks({ code }: { code: string }) {
  const origin = typeof window === 'undefined' ? 'https://stitchhouse.example' : window.location.origin;
  const [custom, setCustom] = useState('');
  const customLink = customPath(custom, origin);
  return (
    <section className={styles.section} aria-labelledby="referral-title">
      <h3 id="referral-title">Your referral code and links</h3>
      <p>
        Your code:{' '}
        <span className={styles.code} data-testid="referral-code">
          {code}
        </span>{' '}
        <CopyButton text={code} what="code" />
      </p>
      <p className={styles.muted}>
        Add <code>?ref={code}</code> to the address of any Stitchhouse page: a pattern, a store or the catalog. A purchase within {REFERRAL_ATTRIBUTION_DAYS}{' '}
        days of someone’s last click on your link earns you a commission.
      </p>
      <ul className={styles.links} aria-label="Referral links">
        {PAGES.map((p) => (
          <li key={p.path}>
            <LinkRow label={p.label} link={referralLink(origin, p.path, code)} />
          </li>
        ))}
      </ul>
      <TextField
        id="referral-custom"
        type="url"
        label="Link to a pattern or store page"
        value={custom}
        onChange={(e) => setCustom(e.target.value)}
        hint={
          <>
            Paste the page’s address, e.g. {origin}/patterns/… or {origin}/stores/…
          </>
        }
      />
      {custom ? (
        customLink ? (
          <LinkRow label="Your link" link={referralLink(origin, customLink, code)} />
        ) : (
          <p role="alert" className={styles.muted}>
            That is not an address on {origin}.
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

function LinkRow({ label, link }: { label: string; link: string }) {
  const id = `link-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className={styles.link}>
      <label htmlFor={id}>{label}</label>
      <input id={id} readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={link} what={label.toLowerCase()} />
    </div>
  );
}

function CopyButton({ text, what }: { text: string; what: string }) {
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
      <Button size="small" variant="secondary" onClick={() => void copy()} aria-label={`Copy ${what}`}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <span role="status" className={styles.muted}>
        {state === 'copied' ? `Copied the ${what}.` : state === 'failed' ? 'Copy failed: select the text and copy it.' : ''}
      </span>
    </>
  );
}
