// An operator's decision on an application (wholesale accounts in mf-account, partner
// programmes in mf-partners), sent to the review function that decides as the operator and
// emails the applicant. A refusal arrives with the function's own message.
import { getSupabase } from './supabase.ts';

export async function sendReviewDecision(
  fn: 'wholesale-review' | 'partner-review', applicationId: string, decision: 'approve' | 'reject', reason: string,
): Promise<{ emailed: boolean }> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.functions.invoke(fn, {
    body: { application_id: applicationId, decision, reason: reason.trim() || undefined },
  });
  if (error) {
    // FunctionsHttpError carries the response: show the function's own message.
    const context = (error as { context?: Response }).context;
    const body = context ? ((await context.json().catch(() => null)) as { message?: string } | null) : null;
    throw Object.assign(new Error(body?.message ?? 'The decision could not be saved. Please try again.'), { code: 'P0001' });
  }
  return { emailed: (data as { emailed: boolean }).emailed };
}
