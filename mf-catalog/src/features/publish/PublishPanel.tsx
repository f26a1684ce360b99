import { useState } from 'react';
import { errorMessage } from '@stitchhouse/shared';
import { Alert, Button, VisuallyHidden } from '@stitchhouse/shared/ui/index.ts';
import { changeStatus, type EditablePattern, type PatternStatus } from '../../api/publishing.ts';
import { formatPrice } from '@stitchhouse/shared/money.ts';
import { publishGaps } from './schema.ts';
import { LayerChecklistItem } from './MasterFormats.tsx';

const STATUS_TEXT: Record<PatternStatus, string> = {
  draft: 'Draft: only you can see it.',
  published: 'Published: in the catalog and your storefront.',
  archived: 'Archived: hidden from the catalog; buyers keep it in their libraries.',
};

/** The publish checklist and the status buttons. */
export function PublishPanel({ pattern, onChanged }: { pattern: EditablePattern; onChanged(): void }) {
  const [busy, setBusy] = useState<PatternStatus | null>(null);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const gaps = publishGaps(pattern);
  const checklist = [
    { done: pattern.title.trim() !== '', label: 'A title' },
    { done: pattern.coverPath !== null, label: 'A cover image' },
    { done: true, label: `A price (now ${formatPrice(pattern.priceCents, pattern.currency)})` },
    { done: pattern.files.length > 0, label: 'At least one pattern file' },
  ];

  async function change(status: PatternStatus) {
    setBusy(status);
    setMessage(null);
    try {
      const [result] = await changeStatus([pattern.id], status);
      if (result?.ok) {
        setMessage({
          tone: 'success',
          text: status === 'published' ? 'Published. It is now in the catalog.' : status === 'archived' ? 'Archived.' : 'Moved back to draft.',
        });
        onChanged();
      } else {
        setMessage({ tone: 'danger', text: result?.message ?? 'The status did not change.' });
      }
    } catch (error) {
      setMessage({ tone: 'danger', text: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="publish-title">
      <h2 id="publish-title">Status</h2>
      <p data-testid="pattern-status">{STATUS_TEXT[pattern.status]}</p>
      <h3>Before publishing</h3>
      <ul aria-label="Publishing checklist">
        {checklist.map((item) => (
          <li key={item.label}>
            <span aria-hidden="true">{item.done ? '✓ ' : '○ '}</span>
            {item.label}
            <VisuallyHidden>{item.done ? ' (done)' : ' (missing)'}</VisuallyHidden>
          </li>
        ))}
        <LayerChecklistItem patternId={pattern.id} />
      </ul>
      <div style={{ display: 'flex', gap: 'var(--space-3)', flexWrap: 'wrap' }}>
        {pattern.status !== 'published' ? (
          <Button onClick={() => void change('published')} busy={busy === 'published'} busyLabel="Publishing…" disabled={busy !== null || gaps.length > 0}>
            Publish
          </Button>
        ) : null}
        {pattern.status !== 'archived' ? (
          <Button variant="secondary" onClick={() => void change('archived')} busy={busy === 'archived'} busyLabel="Archiving…" disabled={busy !== null}>
            Archive
          </Button>
        ) : null}
        {pattern.status !== 'draft' ? (
          <Button variant="ghost" onClick={() => void change('draft')} busy={busy === 'draft'} busyLabel="Working…" disabled={busy !== null}>
            Back to draft
          </Button>
        ) : null}
      </div>
      {gaps.length > 0 && pattern.status !== 'published' ? <p>To publish, add {gaps.join(', ')}.</p> : null}
      <div aria-live="polite">{message ? <Alert tone={message.tone}>{message.text}</Alert> : null}</div>
    </section>
  );
}
