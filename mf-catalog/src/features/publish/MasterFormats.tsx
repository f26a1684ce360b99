import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { errorMessage } from '@stitchhouse/shared';
import { FORMATS, PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import type { LayerMatch } from '@stitchhouse/shared/catalog/tiling.ts';
import { Alert, Button, Progress, TextArea, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { firstTileLink, loadMaster, makeFormats, printFormatKeys, type FormatsProgress, type MasterState } from '../../api/printFormats.ts';
import type { EditablePattern } from '../../api/publish.ts';
import { looksLikePdf, notPdfHeader, patternFileProblem } from './fileRules.ts';
import { versionNote } from './FileUploads.tsx';
import { masterProblem, masterTooLarge } from './masterProblems.ts';
import { TilePreview, firstTile } from './TilePreview.tsx';
import * as styles from './FileUploads.module.css';

const STEP_TEXT: Record<PatternFormat, string> = {
  a4: /*i18n*/ 'catalog.publish.master.step.a4',
  us_letter: /*i18n*/ 'catalog.publish.master.step.usLetter',
  a0: /*i18n*/ 'catalog.publish.master.step.a0',
  projector: /*i18n*/ 'catalog.publish.master.step.projector',
};
const VARIANT_TEXT: Record<string, string> = { roll36: /*i18n*/ 'catalog.download.variant.roll36', dark: /*i18n*/ 'catalog.publish.master.variant.dark' };

function progressText(i18n: I18n, p: FormatsProgress): string {
  switch (p.step) {
    case 'uploading':
      return i18n._('catalog.publish.master.uploading', { done: formatBytes(p.sent), total: formatBytes(p.total) });
    case 'checking':
      return i18n._('catalog.publish.master.checking');
    case 'checked':
      return i18n._('catalog.publish.master.checked');
    case 'making':
      return i18n._(STEP_TEXT[p.format]);
    case 'applying':
      return i18n._('catalog.publish.master.applying');
  }
}

/** The master's layers and the size each one is, the unmatched flagged (the publish checklist shows it). */
export function LayerSizes({ layers }: { layers: LayerMatch[] }) {
  const { i18n } = useLingui();
  if (layers.length === 0) return <p className={styles.meta}>{i18n._('catalog.publish.master.noLayers')}</p>;
  return (
    <ul aria-label={i18n._('catalog.publish.master.layers')} data-testid="layer-sizes">
      {layers.map((layer) => (
        <li key={layer.name} data-matched={layer.size !== null}>
          {layer.size !== null ? (
            <Trans id="catalog.publish.master.layerSize" values={{ layer: layer.name, size: layer.size }} components={{ 0: <strong /> }} />
          ) : (
            i18n._('catalog.publish.master.layerNoSize', { layer: layer.name })
          )}
        </li>
      ))}
    </ul>
  );
}

/** The publish checklist's line for the master's layers: which layer is which size, the unmatched flagged. */
export function LayerChecklistItem({ patternId }: { patternId: string }) {
  const { i18n } = useLingui();
  const master = useQuery({ queryKey: printFormatKeys.master(patternId), queryFn: () => loadMaster(patternId) });
  const layers = master.data?.layers ?? [];
  if (layers.length === 0) return null;
  const unmatched = layers.filter((l) => l.size === null);
  return (
    <li data-testid="checklist-layers">
      <span aria-hidden="true">{unmatched.length ? '⚠ ' : '✓ '}</span>
      {i18n._('catalog.publish.master.matched', {
        layers:
          layers
            .filter((l) => l.size !== null)
            .map((l) => `${l.name} → ${l.size}`)
            .join(', ') || i18n._('catalog.publish.master.matchedNone'),
      })}
      {unmatched.length ? i18n._('catalog.publish.master.unmatchedList', { layers: unmatched.map((l) => `“${l.name}”`).join(', ') }) : null}
    </li>
  );
}

function Generated({ state, patternTitle }: { state: MasterState; patternTitle: string }) {
  const { i18n } = useLingui();
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // home-printer files: their first tile drawn from the file (the designer's own uploads have no tile manifest)
  const tiled = state.files.filter((f) => f.format === 'a4' && f.generated).concat(state.files.filter((f) => f.format === 'us_letter' && f.generated));
  const a4 = tiled.find((f) => f.format === 'a4');
  const a4Page = a4 ? firstTile(a4)?.page : undefined;
  return (
    <>
      <table data-testid="generated-formats">
        <caption className={styles.meta}>
          {i18n._('catalog.publish.master.madeFrom', { version: state.version, count: state.sheets.length, title: patternTitle })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{i18n._('catalog.publish.master.col.format')}</th>
            <th scope="col">{i18n._('catalog.publish.master.col.pages')}</th>
            <th scope="col">{i18n._('catalog.publish.master.col.file')}</th>
          </tr>
        </thead>
        <tbody>
          {PATTERN_FORMATS.map((format) => {
            const file = state.files.find((f) => f.format === format);
            return (
              <tr key={format} data-format={format}>
                <th scope="row">{FORMATS[format].label}</th>
                <td>
                  {file?.generated
                    ? [
                        i18n._('catalog.publish.master.pages', { count: file.pages }),
                        ...Object.entries(file.variants).map(([v, info]) => `${VARIANT_TEXT[v] ? i18n._(VARIANT_TEXT[v]) : v}: ${info.pages}`),
                      ].join(' · ')
                    : '—'}
                </td>
                <td>
                  {!file
                    ? i18n._('catalog.publish.master.notMade')
                    : file.generated
                      ? i18n._('catalog.publish.master.fromMaster')
                      : i18n._('catalog.publish.master.ownUpload')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {tiled.length ? (
        <div className={styles.actions}>
          {tiled.map((file) => (
            <TilePreview key={file.format} file={file} />
          ))}
        </div>
      ) : null}
      {a4 && a4Page ? (
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() =>
              void firstTileLink(a4.storagePath, a4Page).then(
                (url) => {
                  setLink(url);
                  window.open(url, '_blank', 'noopener');
                },
                (e) => setProblem(errorMessage(e)),
              )
            }
          >
            {i18n._('catalog.publish.master.openTile')}
          </Button>
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer">
              {i18n._('catalog.publish.master.tileLink')}
            </a>
          ) : null}
        </div>
      ) : null}
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </>
  );
}

/** One master PDF → every format; the designer's own upload of a format below wins. */
export function MasterFormats({ pattern, onChanged }: { pattern: EditablePattern; onChanged(): void }) {
  const { i18n } = useLingui();
  const master = useQuery({ queryKey: printFormatKeys.master(pattern.id), queryFn: () => loadMaster(pattern.id) });
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [changes, setChanges] = useState('');
  const [progress, setProgress] = useState<FormatsProgress | null>(null);
  const [message, setMessage] = useState<{ tone: 'danger' | 'success'; text: string } | null>(null);
  const busy = progress !== null;
  const replacing = pattern.status === 'published' && (master.data?.files.some((f) => f.generated) ?? false);

  async function choose(chosen: File | undefined) {
    if (!chosen) return;
    // a master over what one call of the function reads is refused before a long upload
    const problem = patternFileProblem(chosen) ?? masterTooLarge(chosen.size) ?? ((await looksLikePdf(chosen)) ? null : notPdfHeader(chosen.name));
    setMessage(problem ? { tone: 'danger', text: problem } : null);
    setFile(problem ? null : chosen);
  }

  async function run() {
    if (!file) return;
    if (replacing && !changes.trim()) {
      setMessage({ tone: 'danger', text: i18n._('catalog.publish.files.describeChanges') });
      return;
    }
    setMessage(null);
    try {
      const result = await makeFormats(pattern, file, master.data?.version ?? null, changes, setProgress);
      const kept = PATTERN_FORMATS.filter((f) => result.applied.formats[f]?.kept_own).map((f) => FORMATS[f].shortLabel);
      // one sentence each: what was made, what was kept, the layers, the new version
      const sentences = [
        i18n._('catalog.publish.master.made', { file: file.name, a4: result.check.pages.a4, letter: result.check.pages.us_letter, a0: result.check.pages.a0 }),
      ];
      if (kept.length) sentences.push(i18n._('catalog.publish.master.kept', { formats: kept.join(', '), count: kept.length }));
      if (result.check.unmatched.length) sentences.push(i18n._('catalog.publish.master.unmatched', { count: result.check.unmatched.length }));
      if (result.applied.pattern_version) sentences.push(versionNote(i18n, result.applied.pattern_version, result.notified, result.notifyRefused));
      else if (result.notifyRefused) sentences.push(i18n._('catalog.publish.files.notEmailed', { reason: result.notifyRefused }));
      setMessage({ tone: 'success', text: sentences.join(' ') });
      setFile(null);
      setChanges('');
      if (input.current) input.current.value = '';
      onChanged();
    } catch (error) {
      setMessage({ tone: 'danger', text: masterProblem(error) });
    } finally {
      setProgress(null);
      void master.refetch();
    }
  }

  return (
    <div className={styles.item} data-testid="master-formats">
      <div className={styles.head}>
        <h3>{i18n._('catalog.publish.master.heading')}</h3>
        <p className={styles.meta}>
          {master.data ? i18n._('catalog.publish.master.version', { version: master.data.version }) : i18n._('catalog.publish.master.none')}
        </p>
      </div>
      <p className={styles.meta}>{i18n._('catalog.publish.master.hint')}</p>
      <div className={styles.actions}>
        <label htmlFor={inputId}>{master.data ? i18n._('catalog.publish.master.replace') : i18n._('catalog.publish.master.choose')}</label>
        <input
          ref={input}
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="application/pdf,.pdf"
          disabled={busy}
          onChange={(e) => void choose(e.currentTarget.files?.[0])}
        />
      </div>
      {file && replacing ? (
        <TextArea
          label={i18n._('catalog.publish.master.whatChanged')}
          hint={i18n._('catalog.publish.files.whatChangedHint')}
          rows={3}
          required
          value={changes}
          onChange={(e) => setChanges(e.currentTarget.value)}
        />
      ) : null}
      {file ? (
        <div className={styles.actions}>
          <Button onClick={() => void run()} busy={busy} busyLabel={i18n._('catalog.publish.master.making')}>
            {i18n._('catalog.publish.master.make', { file: file.name })}
          </Button>
          <span className={styles.meta}>{formatBytes(file.size)}</span>
        </div>
      ) : null}
      {progress ? (
        progress.step === 'uploading' ? (
          <Progress
            label={i18n._('catalog.publish.master.uploadingLabel')}
            value={progress.sent}
            max={progress.total}
            valueText={progressText(i18n, progress)}
          />
        ) : (
          <p role="status" className={styles.meta}>
            {progressText(i18n, progress)}
          </p>
        )
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {master.data ? (
        <>
          <h4>{i18n._('catalog.publish.master.layers')}</h4>
          <LayerSizes layers={master.data.layers} />
          {master.data.appliedAt ? (
            <Generated state={master.data} patternTitle={pattern.title} />
          ) : (
            <p className={styles.meta}>{i18n._('catalog.publish.master.notPublished')}</p>
          )}
        </>
      ) : null}
    </div>
  );
}
