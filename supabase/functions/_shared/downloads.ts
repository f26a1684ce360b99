// What /download and /export share about a recorded download (public.record_download).
import { serviceClient } from './clients.ts';

/**
 * The buyer got nothing (the file was missing or could not be stamped): the download
 * record_download just wrote for them (the download_id it answered) must not count against
 * their hourly limit. Only that row: another download of the pattern may have been recorded since.
 */
export async function forgetDownload(downloadId: number): Promise<void> {
  await serviceClient().from('downloads').delete().eq('id', downloadId);
}

/** Where a buyer's stamped copies are kept (private: no policies; the service role only). */
export const COPIES_BUCKET = 'download-copies';

/**
 * Copies whose entitlement was revoked (refund, dispute): the trigger on entitlements marked
 * them; their bytes go through the storage API, then their rows. A batch at a time.
 */
export async function removeRevokedCopies(limit = 100): Promise<number> {
  const service = serviceClient();
  const { data: revoked } = await service.from('download_copies').select('id, storage_path').not('revoked_at', 'is', null).limit(limit);
  if (!revoked?.length) return 0;
  const { error } = await service.storage.from(COPIES_BUCKET).remove(revoked.map((c) => c.storage_path as string));
  if (error) {
    console.error(`removing ${revoked.length} revoked download copies failed`, error);
    return 0;
  }
  await service
    .from('download_copies')
    .delete()
    .in(
      'id',
      revoked.map((c) => c.id as string),
    );
  return revoked.length;
}
