// What /download and /export share about a recorded download (public.record_download).
import { serviceClient } from './clients.ts';

/**
 * The buyer got nothing (the file was missing or could not be stamped): the download
 * record_download just wrote for them must not count against their hourly limit.
 */
export async function forgetDownload(userId: string, patternId: string): Promise<void> {
  const service = serviceClient();
  const { data } = await service.from('downloads').select('id').eq('user_id', userId).eq('pattern_id', patternId)
    .order('created_at', { ascending: false }).limit(1);
  if (data?.[0]) await service.from('downloads').delete().eq('id', data[0].id);
}
