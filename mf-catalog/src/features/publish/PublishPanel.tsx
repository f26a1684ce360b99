import { useState } from 'react';
import { useLingui } from '@lingui/react';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { changeStatus, type EditablePattern, type PatternStatus } from '../../api/publish.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { publishGaps } from './schema.ts';
import { LayerChecklistItem } from './MasterFormats.tsx';

const STATUS_TEXT: Record<PatternStatus, string> = {
  draft: /*i18n*/ 'catalog.publish.panel.draft',
  published: /*i18n*/ 'catalog.publish.panel.published',
  archived: /*i18n*/ 'catalog.publish.panel.archived',
};

/** The publish checklist and the status buttons. */
export function PublishPanel({ pattern, onChanged }: { pattern: EditablePattern; onChanged(): void }) {
  const { i18n } = useLingui();
  const [busy, setBusy] = useState<PatternStatus | null>(null);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const gaps = publishGaps(pattern);
  const checklist = [
    { done: pattern.title.trim() !== '', label: i18n._('catalog.publish.panel.checkTitle') },
    { done: pattern.coverPath !== null, label: i18n._('catalog.publish.panel.checkCover') },
    { done: true, label: i18n._('catalog.publish.panel.checkPrice', { price: formatPrice(pattern.priceCents, pattern.currency) }) },
    { done: pattern.files.length > 0, label: i18n._('catalog.publish.panel.checkFile') },
  ];

  async function change(status: PatternStatus) {
    setBusy(status);
    setMessage(null);
    try {
      const [result] = await changeStatus([pattern.id], status);
      if (result?.ok) {
        setMessage({
          tone: 'success',
          text: i18n._('catalog.publish.panel.changed', { status }),
        });
        onChanged();
      } else {
        setMessage({ tone: 'danger', text: result?.message ?? i18n._('catalog.publish.panel.notChanged') });
      }
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="publish-title">
      <h2 id="publish-title">{i18n._('catalog.publish.panel.heading')}</h2>
      <p data-testid="pattern-status">{i18n._(STATUS_TEXT[pattern.status])}</p>
      <h3>{i18n._('catalog.publish.panel.before')}</h3>
      <ul aria-label={i18n._('catalog.publish.panel.checklist')}>
        {checklist.map((item) => (
          <li key={item.label}>
            <span aria-hidden="true">{item.done ? '✓ ' : '○ '}</span>
            {item.label}
            <VisuallyHidden>{item.done ? i18n._('catalog.publish.panel.done') : i18n._('catalog.publish.panel.missing')}</VisuallyHidden>
          </li>
        ))}
        <LayerChecklistItem patternId={pattern.id} />
      </ul>
      <div style={{ display: 'flex', gap: 'var(--space-3)', flexWrap: 'wrap' }}>
        {pattern.status !== 'published' ? (
          <Button
            onClick={() => void change('published')}
            busy={busy === 'published'}
            busyLabel={i18n._('catalog.publish.panel.publishing')}
            disabled={busy !== null || gaps.length > 0}
          >
            {i18n._('catalog.publish.panel.publish')}
          </Button>
        ) : null}
        {pattern.status !== 'archived' ? (
          <Button
            variant="secondary"
            onClick={() => void change('archived')}
            busy={busy === 'archived'}
            busyLabel={i18n._('catalog.publish.panel.archiving')}
            disabled={busy !== null}
          >
            {i18n._('catalog.publish.panel.archive')}
          </Button>
        ) : null}
        {pattern.status !== 'draft' ? (
          <Button
            variant="ghost"
            onClick={() => void change('draft')}
            busy={busy === 'draft'}
            busyLabel={i18n._('catalog.publish.panel.working')}
            disabled={busy !== null}
          >
            {i18n._('catalog.publish.store.backToDraft')}
          </Button>
        ) : null}
      </div>
      {gaps.length > 0 && pattern.status !== 'published' ? (
        <p>
          {i18n._('catalog.publish.panel.gaps', {
            gaps: new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'short' }).format(gaps.map((g) => i18n._(g))),
          })}
        </p>
      ) : null}
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
    </section>
  );
}
