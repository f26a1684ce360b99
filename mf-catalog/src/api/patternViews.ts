// Counting an opened pattern page for its designer's "Pattern performance" report
// (record_pattern_view, supabase/migrations/20261123004500_reports.sql: anyone may call it,
// only published patterns count, a designer's own visits do not).
import { getReadClient } from '@stitchhouse/shared/publicRest.ts';

/** Records one view; a failure is only logged: counting never gets in a maker's way. */
export async function recordPatternView(patternId: string): Promise<void> {
  try {
    const client = await getReadClient();
    const { error } = await client.rpc('record_pattern_view', { pattern_id: patternId });
    if (error) console.warn('pattern view not counted', error.message);
  } catch (err) {
    console.warn('pattern view not counted', err);
  }
}
