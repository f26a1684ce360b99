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
