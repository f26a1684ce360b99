import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@stitchhouse/shared';
import { FORMATS, PATTERN_FORMATS, type PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { LABEL_BAND_PT, PAPERS, TILE_OVERLAP_PT, planHomeTiles, type LayerMatch } from '@stitchhouse/shared/catalog/tiling.ts';
import { Alert, Button, Progress, TextArea, formatBytes } from '@stitchhouse/shared/ui/index.ts';
import { FunctionCallError } from '@stitchhouse/shared/functions.ts';
import { firstTileLink, loadMaster, makeFormats, printFormatKeys, type FormatsProgress, type MasterState } from '../../api/printFormats.ts';
import type { EditablePattern } from '../../api/publishing.ts';
import { looksLikePdf, patternFileProblem } from './fileRules.ts';
import * as styles from './FileUploads.module.css';

const STEP_TEXT: Record<PatternFormat, string> = {
  a4: 'Making the A4 tiles…',
  us_letter: 'Making the US Letter tiles…',
  a0: 'Making the copy-shop A0 and 36-inch roll files…',
  projector: 'Making the projector files…',
};
const VARIANT_TEXT: Record<string, string> = { roll36: '36-inch roll', dark: 'dark background' };

function progressText(p: FormatsProgress): string {
  switch (p.step) {
    case 'uploading':
      return `Uploading the master (${formatBytes(p.sent)} of ${formatBytes(p.total)})…`;
    case 'checking':
      return 'Checking the master…';
    case 'checked':
      return 'Master checked.';
    case 'making':
      return STEP_TEXT[p.format];
    case 'applying':
      return 'Publishing the formats…';
  }
}

/** The master's layers and the size each one is, the unmatched flagged (the publish checklist shows it). */
export function LayerSizes({ layers }: { layers: LayerMatch[] }) {
  if (layers.length === 0) return <p className={styles.meta}>The master has no layers: every size prints together.</p>;
  return (
    <ul aria-label="Layers and sizes" data-testid="layer-sizes">
      {layers.map((layer) => (
        <li key={layer.name} data-matched={layer.size !== null}>
          {layer.size !== null ? (
            <>
              ✓ Layer “{layer.name}” is size <strong>{layer.size}</strong>
            </>
          ) : (
            <>⚠ Layer “{layer.name}” matches no size: it prints with every size. Rename it after a size (e.g. “Size 12”) if it is one.</>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The publish checklist's line for the master's layers: which layer is which size, the unmatched flagged. */
export function LayerChecklistItem({ patternId }: { patternId: string }) {
  const master = useQuery({ queryKey: printFormatKeys.master(patternId), queryFn: () => loadMaster(patternId) });
  const layers = master.data?.layers ?? [];
  if (layers.length === 0) return null;
  const unmatched = layers.filter((l) => l.size === null);
  return (
    <li data-testid="checklist-layers">
      <span aria-hidden="true">{unmatched.length ? '⚠ ' : '✓ '}</span>
      Master layers matched to sizes:{' '}
      {layers
        .filter((l) => l.size !== null)
        .map((l) => `${l.name} → ${l.size}`)
        .join(', ') || 'none'}
      {unmatched.length ? <> · not a size: {unmatched.map((l) => `“${l.name}”`).join(', ')} (printed with every size)</> : null}
    </li>
  );
}

/** The first A4 tile as the tile maths lays it out: the page, its margins, the label band and the overlap. */
function FirstTile({ sheet }: { sheet: { width_pt: number; height_pt: number } }) {
  const plan = planHomeTiles({ widthPt: sheet.width_pt, heightPt: sheet.height_pt }, 'a4');
  const p = PAPERS.a4;
  const w = p.widthPt,
    h = p.heightPt!,
    m = p.marginPt;
  const tile = plan.tiles[0]!;
  const winW = tile.window.x1 - tile.window.x0,
    winH = tile.window.y1 - tile.window.y0;
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${w} ${h}`}
        width={150}
        role="img"
        aria-label={`First A4 tile, ${tile.label}: ${Math.round(winW / 2.835)} × ${Math.round(winH / 2.835)} mm of the sheet, 10 mm overlap`}
        data-testid="first-tile"
      >
        <rect x={0} y={0} width={w} height={h} fill="white" stroke="currentColor" />
        <rect x={m} y={h - m - winH} width={winW} height={winH} fill="none" stroke="currentColor" strokeDasharray="6 4" />
        <rect x={m + winW - TILE_OVERLAP_PT} y={h - m - winH} width={TILE_OVERLAP_PT} height={winH} fill="currentColor" opacity={0.12} />
        <rect x={m} y={h - m - TILE_OVERLAP_PT} width={winW} height={TILE_OVERLAP_PT} fill="currentColor" opacity={0.12} />
        <text x={m} y={m + LABEL_BAND_PT - 4} fontSize={18}>
          {tile.label}
        </text>
      </svg>
      <figcaption className={styles.meta}>
        Tile {tile.label}: {plan.rows} rows × {plan.cols} columns per sheet, 10 mm overlap
      </figcaption>
    </figure>
  );
}

function Generated({ state, patternTitle }: { state: MasterState; patternTitle: string }) {
  const [link, setLink] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const a4 = state.files.find((f) => f.format === 'a4' && f.generated);
  return (
    <>
      <table data-testid="generated-formats">
        <caption className={styles.meta}>
          Made from master version {state.version} ({state.sheets.length} sheet{state.sheets.length === 1 ? '' : 's'}) of “{patternTitle}”
        </caption>
        <thead>
          <tr>
            <th scope="col">Format</th>
            <th scope="col">Pages</th>
            <th scope="col">File</th>
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
                    ? `${file.pages} page${file.pages === 1 ? '' : 's'}${Object.entries(file.variants)
                        .map(([v, info]) => ` · ${VARIANT_TEXT[v] ?? v}: ${info.pages}`)
                        .join('')}`
                    : '—'}
                </td>
                <td>{!file ? 'not made yet' : file.generated ? 'made from the master' : 'your own upload (kept)'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {a4 && state.sheets[0] ? (
        <div className={styles.actions}>
          <FirstTile sheet={state.sheets[0]} />
          <Button
            variant="secondary"
            onClick={() =>
              void firstTileLink(a4.storagePath).then(
                (url) => {
                  setLink(url);
                  window.open(url, '_blank', 'noopener');
                },
                (e) => setProblem(errorMessage(e)),
              )
            }
          >
            Open the first tile (PDF)
          </Button>
          {link ? (
            <a href={link} target="_blank" rel="noopener noreferrer">
              First tile link
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
    const problem = patternFileProblem(chosen) ?? ((await looksLikePdf(chosen)) ? null : `${chosen.name} does not look like a PDF (it has no PDF header).`);
    setMessage(problem ? { tone: 'danger', text: problem } : null);
    setFile(problem ? null : chosen);
  }

  async function run() {
    if (!file) return;
    if (replacing && !changes.trim()) {
      setMessage({ tone: 'danger', text: 'Describe what changed: buyers get this note by email.' });
      return;
    }
    setMessage(null);
    try {
      const result = await makeFormats(pattern, file, master.data?.version ?? null, changes, setProgress);
      const kept = PATTERN_FORMATS.filter((f) => result.applied.formats[f]?.kept_own).map((f) => FORMATS[f].shortLabel);
      const unmatched = result.check.unmatched.length
        ? ` ${result.check.unmatched.length} layer${result.check.unmatched.length === 1 ? '' : 's'} match no size and print with every size.`
        : '';
      setMessage({
        tone: 'success',
        text: `Formats made from ${file.name}: A4 ${result.check.pages.a4} pages, US Letter ${result.check.pages.us_letter}, A0 ${result.check.pages.a0}, projector 1.${kept.length ? ` Your own ${kept.join(', ')} file${kept.length === 1 ? ' is' : 's are'} kept.` : ''}${unmatched}${result.applied.pattern_version ? ` Version ${result.applied.pattern_version} published${result.notified !== null ? `; ${result.notified} buyer${result.notified === 1 ? '' : 's'} notified` : ''}.` : ''}${result.notifyRefused ? ` Buyers were not emailed: ${result.notifyRefused}` : ''}`,
      });
      setFile(null);
      setChanges('');
      if (input.current) input.current.value = '';
      onChanged();
    } catch (error) {
      setMessage({ tone: 'danger', text: `${error instanceof FunctionCallError ? error.message : errorMessage(error)} Nothing was published.` });
    } finally {
      setProgress(null);
      void master.refetch();
    }
  }

  return (
    <div className={styles.item} data-testid="master-formats">
      <div className={styles.head}>
        <h3>One master for every format</h3>
        <p className={styles.meta}>{master.data ? `Master version ${master.data.version}` : 'No master yet'}</p>
      </div>
      <p className={styles.meta}>
        Upload the pattern drafted on large sheets (A0, or anything larger than A3, e.g. 36 × 48 in), with one PDF layer per size if you have them. Stitchhouse
        makes the A4 and US Letter tiles (with an assembly map and a test square), the copy-shop A0 and 36-inch roll files and the projector files from it. A
        format you upload yourself below is kept instead.
      </p>
      <div className={styles.actions}>
        <label htmlFor={inputId}>{master.data ? 'Replace the master PDF' : 'Choose the master PDF'}</label>
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
          label="What changed in this master"
          hint="Required for a published pattern: buyers see it in their library and by email."
          rows={3}
          required
          value={changes}
          onChange={(e) => setChanges(e.currentTarget.value)}
        />
      ) : null}
      {file ? (
        <div className={styles.actions}>
          <Button onClick={() => void run()} busy={busy} busyLabel="Making the formats…">
            Make every format from {file.name}
          </Button>
          <span className={styles.meta}>{formatBytes(file.size)}</span>
        </div>
      ) : null}
      {progress ? (
        progress.step === 'uploading' ? (
          <Progress label="Uploading the master" value={progress.sent} max={progress.total} valueText={progressText(progress)} />
        ) : (
          <p role="status" className={styles.meta}>
            {progressText(progress)}
          </p>
        )
      ) : null}
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      {master.data ? (
        <>
          <h4>Layers and sizes</h4>
          <LayerSizes layers={master.data.layers} />
          {master.data.appliedAt ? (
            <Generated state={master.data} patternTitle={pattern.title} />
          ) : (
            <p className={styles.meta}>The formats of this master have not been published.</p>
          )}
        </>
      ) : null}
    </div>
  );
}
