// Uploads that report progress (pattern files, pictures, certificates). storage-js has no progress
// callback, so the file goes up with XHR to a signed upload URL; the same URL takes a retry.
import { getRuntimeConfig } from '../config.ts';
import { describeError } from '../errors.ts';
import { sharedText } from '../formatLocale.ts';
import { getSupabase } from '../supabase.ts';

export class UploadFailure extends Error {
  /** `retryable`: the same file may go up again (dropped connection, cancelled, server busy). */
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** A signed upload URL (valid two hours) and the key that goes with it. */
export interface SignedUpload {
  signedUrl: string;
  apiKey: string;
}

/** Signs an upload to bucket/path that replaces what is there. */
export async function signUpload(bucket: string, path: string): Promise<SignedUpload> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage.from(bucket).createSignedUploadUrl(path, { upsert: true });
  if (error) throw error;
  return signedUploadTarget(bucket, path, data.token);
}

/** The upload URL for a token someone else signed (e.g. a function, for a bucket the member cannot write). */
export function signedUploadTarget(bucket: string, path: string, token: string): SignedUpload {
  const config = getRuntimeConfig();
  const base = config.supabaseUrl.replace(/\/+$/, '');
  return { apiKey: config.supabaseAnonKey, signedUrl: `${base}/storage/v1/object/upload/sign/${bucket}/${path}?token=${encodeURIComponent(token)}` };
}

/** PUTs `file` to a signed upload URL, reporting bytes sent; rejects with an UploadFailure. */
export function uploadWithProgress(
  target: SignedUpload,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
  options: { contentType?: string; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', target.signedUrl);
    xhr.setRequestHeader('content-type', options.contentType ?? file.type);
    xhr.setRequestHeader('x-upsert', 'true');
    xhr.setRequestHeader('apikey', target.apiKey);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve();
        return;
      }
      let message = sharedText(/*i18n*/ 'shared.upload.refused', 'The upload was refused ({status})', { status: xhr.status });
      try {
        // Storage's refusal ({ statusCode, error, message }) in the page's language, as errors.ts words storage errors
        const body = JSON.parse(xhr.responseText) as { message?: string; statusCode?: string };
        if (body.message)
          message = describeError({ ...body, name: 'StorageApiError', __isStorageError: true, statusCode: body.statusCode ?? String(xhr.status) }).message;
      } catch {
        // not JSON: keep the status line
      }
      reject(new UploadFailure(message, xhr.status >= 500 || xhr.status === 408 || xhr.status === 429));
    };
    xhr.onerror = () => reject(new UploadFailure(sharedText(/*i18n*/ 'shared.upload.dropped', 'The connection dropped during the upload.'), true));
    xhr.onabort = () => reject(new UploadFailure(sharedText(/*i18n*/ 'shared.upload.cancelled', 'The upload was cancelled.'), true));
    options.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(file);
  });
}
