// The account export: the export function answers a plan, the browser fetches every
// owned pattern stamped from /download and packs the ZIP as they arrive
// (@stitchhouse/shared/account/exportArchive.ts), then uploads it for the emailed one-hour link.
// Function calls go through the one streaming reader (streamFunction), with the session's token.
import {
  buildExportArchive,
  mailExportLink,
  startExport,
  type ExportArchive,
  type ExportProgress,
  type ExportTransport,
} from '@stitchhouse/shared/account/exportArchive.ts';
import type { ExportMailed, ExportPlan } from '@stitchhouse/shared/contracts/export.ts';
import { streamFunction } from '@stitchhouse/shared/streamingFetch.ts';
import { signedUploadTarget, uploadWithProgress } from '@stitchhouse/shared/storage/uploadWithProgress.ts';

export type { ExportArchive, ExportPlan, ExportProgress };
export type { NotIncluded } from '@stitchhouse/shared/contracts/export.ts';
export { ExportFailure } from '@stitchhouse/shared/account/exportArchive.ts';

const transport: ExportTransport = {
  exportCall: async (body) => JSON.parse(await (await streamFunction('export', { body, type: 'application/json' })).blob.text()) as unknown,
  download: async ({ pattern_id, format }, signal) =>
    (await streamFunction('download', { body: { pattern_id, format }, type: 'application/pdf', signal })).blob,
};

/** The account's data and the list of patterns to fetch. */
export function prepareExport(): Promise<ExportPlan> {
  return startExport(transport);
}

/** Every pattern stamped, packed with the data into one ZIP; `onProgress` after each pattern. */
export function buildArchive(plan: ExportPlan, onProgress: (progress: ExportProgress) => void, signal?: AbortSignal): Promise<ExportArchive> {
  return buildExportArchive(plan, transport, { onProgress, signal });
}

/** Keeps the ZIP in the member's private folder (the function signed the upload) and emails its one-hour link. */
export async function sendExportLink(plan: ExportPlan, archive: ExportArchive, onUpload: (sent: number, total: number) => void): Promise<ExportMailed> {
  await uploadWithProgress(signedUploadTarget(plan.upload.bucket, plan.upload.path, plan.upload.token), archive.zip, onUpload, {
    contentType: 'application/zip',
  });
  return mailExportLink(transport, plan, archive);
}
