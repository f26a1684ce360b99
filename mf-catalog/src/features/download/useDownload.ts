import { useCallback, useState } from 'react';
import { queryClient } from '@stitchhouse/shared/query/client.ts';
import type { PatternFormat } from '@stitchhouse/shared/catalog/index.ts';
import { patternKeys } from '../../api/catalog.ts';
import { DownloadProblem, fetchStampedPdf, saveFile } from '../../api/download.ts';
import type { DownloadVariant } from '@stitchhouse/shared/contracts/download.ts';

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'preparing'; format: PatternFormat | null }
  | { phase: 'receiving'; format: PatternFormat | null; received: number; total: number | null }
  | { phase: 'done'; format: PatternFormat | null; fileName: string }
  | { phase: 'failed'; format: PatternFormat | null; problem: DownloadProblem };

/** Fetches the stamped PDF with progress and hands it to the browser. */
export function useDownload(patternId: string) {
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const start = useCallback(
    async (
      format: PatternFormat | null,
      expires?: string | null,
      choice: { sizes?: readonly string[]; variant?: DownloadVariant } = {},
    ): Promise<DownloadState> => {
      setState({ phase: 'preparing', format });
      let next: DownloadState;
      try {
        const file = await fetchStampedPdf(patternId, format, {
          expires,
          ...choice,
          onProgress: (received, total) => setState({ phase: received === 0 ? 'preparing' : 'receiving', format, received, total } as DownloadState),
        });
        saveFile(file);
        next = { phase: 'done', format, fileName: file.fileName };
        // the download page's count and the library's "updated" mark change with it
        void queryClient.invalidateQueries({ queryKey: patternKeys.owned() });
      } catch (error) {
        const problem =
          error instanceof DownloadProblem ? error : new DownloadProblem('server_error', error instanceof Error ? error.message : 'The download failed.');
        next = { phase: 'failed', format, problem };
      }
      setState(next);
      return next;
    },
    [patternId],
  );
  return { state, start };
}
