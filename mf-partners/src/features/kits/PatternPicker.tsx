import { useEffect, useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react';
import { describeError } from '@stitchhouse/shared';
import { Button, TextField } from '@stitchhouse/shared/ui/index.ts';
import { findPatterns, type PatternChoice } from '../../api/kits.ts';
import * as styles from './kits.module.css';

export interface PatternPickerProps {
  /** id of the search box (the error summary links here). */
  id: string;
  chosen: PatternChoice | null;
  onChoose: (pattern: PatternChoice | null) => void;
  error?: string;
}

/**
 * Picks the published pattern a kit is for: type words of its title or designer, then choose
 * one of the matches (buttons, so the keyboard path is Tab + Enter). The count of matches
 * is announced politely.
 */
export function PatternPicker({ id, chosen, onChoose, error }: PatternPickerProps) {
  const { i18n } = useLingui();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'loading' | 'ready' | 'error'; hits: PatternChoice[]; message?: string }>({ status: 'idle', hits: [] });
  const statusId = useId();

  useEffect(() => {
    const words = query.trim();
    if (chosen || words.length < 2) {
      setState({ status: 'idle', hits: [] });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, status: 'loading' }));
      findPatterns(words, controller.signal).then(
        (hits) => !controller.signal.aborted && setState({ status: 'ready', hits }),
        (err: unknown) => !controller.signal.aborted && setState({ status: 'error', hits: [], message: describeError(err).message }),
      );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, chosen]);

  if (chosen) {
    return (
      <div className={styles.chosen}>
        <p id={id} tabIndex={-1}>
          <Trans
            id="partners.kit.chosen"
            values={{ title: chosen.title, store: chosen.storeName }}
            components={{ 0: <strong />, 1: <span className={styles.muted} /> }}
          />
        </p>
        <Button size="small" variant="ghost" onClick={() => onChoose(null)}>
          {i18n._('partners.kit.changePattern')}
        </Button>
      </div>
    );
  }

  return (
    <div>
      <TextField
        id={id}
        label={i18n._('partners.report.term.pattern')}
        hint={i18n._('partners.kit.pattern.hint')}
        type="search"
        autoComplete="off"
        required
        error={error}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <p id={statusId} role="status" className={styles.muted}>
        {state.status === 'loading'
          ? i18n._('partners.kit.searching')
          : state.status === 'error'
            ? state.message
            : state.status === 'ready'
              ? state.hits.length === 0
                ? i18n._('partners.kit.noMatch')
                : i18n._('partners.kit.matches', { count: state.hits.length })
              : ''}
      </p>
      {state.hits.length > 0 ? (
        <ul className={styles.matches} aria-label={i18n._('partners.kit.matching')}>
          {state.hits.map((hit) => (
            <li key={hit.id}>
              <Button size="small" variant="secondary" onClick={() => onChoose(hit)}>
                <Trans id="partners.kit.choose" values={{ title: hit.title, store: hit.storeName }} components={{ 0: <span className={styles.muted} /> }} />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
