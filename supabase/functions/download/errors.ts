// The download failures a buyer can meet: the codes, statuses and details of the download
// contract (shared/src/contracts/download.ts). /download/error?reason=<code> explains each one.
import { DOWNLOAD_ERRORS, type DownloadErrorCode } from '@stitchhouse/shared/contracts/download.ts';
import { FunctionError, type Details } from '../_shared/handler.ts';

export class DownloadFailure extends FunctionError {
  constructor(
    override readonly code: DownloadErrorCode,
    message?: string,
    details: Details = null,
  ) {
    super(code, message ?? DOWNLOAD_ERRORS[code].message, DOWNLOAD_ERRORS[code].status, details);
    this.name = 'DownloadFailure';
  }
}

/** The failure for an error start_download or record_download raised (its SQLSTATE-like codes PT401/PT403/PT404/PT429). */
export function failureFromRpc(error: { code?: string; message: string }): DownloadFailure {
  switch (error.code) {
    case 'PT401':
      return new DownloadFailure('not_signed_in');
    case 'PT403':
    case '22P02': // not a uuid: the same answer as a pattern you do not own
      return new DownloadFailure('not_owned');
    case 'PT404':
      return new DownloadFailure('file_missing', error.message);
    case 'PT429':
      return new DownloadFailure('rate_limited', error.message);
    case '22023':
      return new DownloadFailure('bad_request', error.message);
    default:
      throw new Error(`record_download failed: ${error.code ?? ''} ${error.message}`);
  }
}

/** A file name a person recognises: "wrap-dress-a4-v2.pdf". */
export function downloadFileName(title: string, format: string, version: number): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'pattern'}-${format.replace('_', '-')}-v${version}.pdf`;
}
