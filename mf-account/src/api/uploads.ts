// Uploads with progress (pictures, certificates). storage-js has no progress callback, so the file goes up
// through a signed upload URL with XHR (as mf-catalog does for pattern files).
import { getRuntimeConfig, getSupabase } from '@stitchhouse/shared';

export class UploadFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadFailure';
  }
}

/** Puts `file` at bucket/path (replacing what is there), reporting bytes sent. */
export type Bucket = 'avatars' | 'store-assets' | 'wholesale-documents';

export async function uploadFile(bucket: Bucket, path: string, file: Blob, onProgress: (sent: number, total: number) => void): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage.from(bucket).createSignedUploadUrl(path, { upsert: true });
  if (error) throw error;
  const config = getRuntimeConfig();
  const url = `${config.supabaseUrl.replace(/\/+$/, '')}/storage/v1/object/upload/sign/${bucket}/${path}?token=${encodeURIComponent(data.token)}`;
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', file.type);
    xhr.setRequestHeader('x-upsert', 'true');
    xhr.setRequestHeader('apikey', config.supabaseAnonKey);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve();
        return;
      }
      let message = `The upload was refused (${xhr.status}).`;
      try {
        const body = JSON.parse(xhr.responseText) as { message?: string };
        if (body.message) message = body.message;
      } catch {
        // not JSON: keep the status line
      }
      reject(new UploadFailure(message));
    };
    xhr.onerror = () => reject(new UploadFailure('The connection dropped during the upload. Try again.'));
    xhr.send(file);
  });
}

export async function removeFile(bucket: Bucket, path: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.storage.from(bucket).remove([path]);
  if (error) throw error;
}
