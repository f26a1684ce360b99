// Account uploads with progress (pictures, certificates), through shared's signed-URL upload.
import { getSupabase } from '@stitchhouse/shared';
import { signUpload, uploadWithProgress } from '@stitchhouse/shared/storage/uploadWithProgress.ts';

export { UploadFailure } from '@stitchhouse/shared/storage/uploadWithProgress.ts';

export type Bucket = 'avatars' | 'store-assets' | 'wholesale-documents';

/** Puts `file` at bucket/path (replacing what is there), reporting bytes sent. */
export async function uploadFile(bucket: Bucket, path: string, file: Blob, onProgress: (sent: number, total: number) => void): Promise<void> {
  await uploadWithProgress(await signUpload(bucket, path), file, onProgress);
}

export async function removeFile(bucket: Bucket, path: string): Promise<void> {
  const supabase = await getSupabase();
  const { error } = await supabase.storage.from(bucket).remove([path]);
  if (error) throw error;
}
