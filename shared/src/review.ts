// An operator's decision on an application (wholesale accounts in mf-account, partner
// programmes in mf-partners), sent to the review function that decides as the operator and
// emails the applicant. A refusal is a FunctionCallError with the function's own code and message.
import type { ReviewAnswer } from './contracts/review.ts';
import { invokeFunction } from './functions.ts';

export async function sendReviewDecision(
  fn: 'wholesale-review' | 'partner-review',
  applicationId: string,
  decision: 'approve' | 'reject',
  reason: string,
): Promise<{ emailed: boolean }> {
  const { emailed } = await invokeFunction<ReviewAnswer>(fn, { application_id: applicationId, decision, reason: reason.trim() || undefined });
  return { emailed };
}
