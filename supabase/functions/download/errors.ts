// The download failures a buyer can meet, each with the HTTP status the function answers.
// /download/error?reason=<code> explains each one and what to do next.
export const DOWNLOAD_ERRORS = {
  not_signed_in: { status: 401, message: 'Sign in to download your patterns.' },
  aal2_required: { status: 403, message: 'Enter a code from your authenticator app first: this action needs a second factor.' },
  not_owned: { status: 403, message: 'You have not purchased this pattern.' },
  file_missing: { status: 404, message: 'This pattern has no file in that format yet.' },
  file_damaged: { status: 422, message: 'The pattern file could not be prepared for download.' },
  link_expired: { status: 410, message: 'This download link has expired.' },
  rate_limited: { status: 429, message: 'Download limit reached for this pattern.' },
  bad_request: { status: 400, message: 'The download request is not valid.' },
} as const;
export type DownloadErrorCode = keyof typeof DOWNLOAD_ERRORS;

export class DownloadFailure extends Error {
  constructor(readonly code: DownloadErrorCode, message?: string, readonly extra: Record<string, unknown> = {}) {
    super(message ?? DOWNLOAD_ERRORS[code].message);
    this.name = 'DownloadFailure';
  }
}

/** The failure for an error record_download raised (its SQLSTATE-like codes PT401/PT403/PT404/PT429). */
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
