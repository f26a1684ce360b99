import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { FORMATS } from '@stitchhouse/shared/catalog/index.ts';
import { QueryState } from '@stitchhouse/shared/ui/index.ts';
import { generatedFileBytes, printFormatKeys, type GeneratedFileRow } from '../../api/printFormats.ts';
import type { DrawnPage } from './drawPdfPage.ts';
import * as styles from './FileUploads.module.css';

/** The preview's width in CSS pixels (its pixels follow the screen's density). */
const WIDTH = 240;

/** The file's first tile: its page (1-based, after the assembly map) and label; null when the manifest has none. */
export function firstTile(file: GeneratedFileRow): { page: number; label: string } | null {
  const index = file.tiles?.findIndex((p) => p.kind === 'tile') ?? -1;
  const page = file.tiles?.[index];
  return page?.kind === 'tile' ? { page: index + 1, label: page.label } : null;
}

async function drawFirstTile(storagePath: string, page: number): Promise<DrawnPage> {
  // PDF.js arrives only now, in a chunk of its own, while the file downloads
  const [bytes, { drawPdfPage }] = await Promise.all([generatedFileBytes(storagePath), import('./drawPdfPage.ts')]);
  return drawPdfPage(bytes, page, WIDTH);
}

function TileCanvas({ drawn, label }: { drawn: DrawnPage; label: string }) {
  const draw = useCallback((canvas: HTMLCanvasElement | null) => canvas?.getContext('2d')?.drawImage(drawn.bitmap, 0, 0), [drawn]);
  return <canvas ref={draw} className={styles.tile} width={drawn.bitmap.width} height={drawn.bitmap.height} role="img" aria-label={label} />;
}

/** The first tile of a generated A4 or Letter file, drawn from the file itself as a buyer would print it. */
export function TilePreview({ file }: { file: GeneratedFileRow }) {
  const { i18n } = useLingui();
  const tile = firstTile(file);
  const preview = useQuery({
    queryKey: printFormatKeys.firstTile(file.storagePath),
    queryFn: () => drawFirstTile(file.storagePath, tile!.page),
    enabled: tile !== null,
    staleTime: Infinity,
  });
  if (!tile) return null;
  const values = { paper: FORMATS[file.format].shortLabel, tile: tile.label, page: tile.page, pages: file.pages ?? tile.page };
  const drawing = i18n._('catalog.publish.master.preview.drawing', values);
  return (
    <figure className={styles.preview} data-testid={`first-tile-${file.format}`}>
      <QueryState
        query={preview}
        loadingLabel={drawing}
        skeleton={<p className={`${styles.tile} ${styles.meta}`}>{drawing}</p>}
        errorTitle={i18n._('catalog.publish.master.preview.failed', values)}
      >
        {(drawn) => <TileCanvas drawn={drawn} label={i18n._('catalog.publish.master.preview.label', values)} />}
      </QueryState>
      <figcaption className={styles.meta}>{i18n._('catalog.publish.master.preview.caption', values)}</figcaption>
    </figure>
  );
}
