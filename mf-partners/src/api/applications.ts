// Partner applications for both programmes (resellers, suppliers): the applicant's own
// (row-level security: partner_applications_apply / applicant_update / withdraw), the operators'
// queue and decision (the partner-review function decides as the operator and emails the
// applicant), and the public directory of approved partners (partner_directory()).
import { getSupabase } from '@stitchhouse/shared';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import type { PartnerApplicationInput, PartnerProgramme } from '@stitchhouse/shared/partners/applications.ts';
import { sendReviewDecision } from '@stitchhouse/shared/review.ts';
import type { ApplicationStatus } from '@stitchhouse/shared/statuses.ts';

export type { ApplicationStatus };

export interface PartnerApplication {
  id: string;
  userId: string;
  kind: PartnerProgramme;
  company: string;
  website: string;
  audience: string;
  country: string;
  message: string;
  status: ApplicationStatus;
  reason: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

export interface DirectoryEntry {
  company: string;
  website: string;
  country: string | null;
  partnerSince: string | null;
}

const COLUMNS = 'id, user_id, kind, company, website, audience, country, message, status, reason, created_at, reviewed_at';
type Row = {
  id: string;
  user_id: string;
  kind: PartnerProgramme;
  company: string;
  website: string;
  audience: string;
  country: string | null;
  message: string;
  status: ApplicationStatus;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
};

const fromRow = (r: Row): PartnerApplication => ({
  id: r.id,
  userId: r.user_id,
  kind: r.kind,
  company: r.company,
  website: r.website,
  audience: r.audience,
  country: r.country ?? '',
  message: r.message,
  status: r.status,
  reason: r.reason,
  createdAt: r.created_at,
  reviewedAt: r.reviewed_at,
});

/** Query keys of partner applications and the public directories (shared/src/query/client.ts). */
export const applicationKeys = {
  all: ['partners', 'applications'] as const,
  mine: (programme: PartnerProgramme, userId: string) => [...applicationKeys.all, 'mine', programme, userId] as const,
  directory: (programme: PartnerProgramme) => [...applicationKeys.all, 'directory', programme] as const,
};

export async function myApplication(userId: string, kind: PartnerProgramme): Promise<PartnerApplication | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('partner_applications').select(COLUMNS).eq('user_id', userId).eq('kind', kind).maybeSingle();
  if (error) throw error;
  return data ? fromRow(data as Row) : null;
}

/** Whether the signed-in person is an operator (reviews applications). */
export async function isOperator(userId: string): Promise<boolean> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId).eq('role', 'operator');
  if (error) throw error;
  return (data ?? []).length > 0;
}

/** A first application, an edit while pending, or a re-application after a rejection (back to pending). */
export async function submitApplication(kind: PartnerProgramme, existing: PartnerApplication | null, input: PartnerApplicationInput): Promise<void> {
  const supabase = await getSupabase();
  const body = { company: input.company, website: input.website, audience: input.audience, country: input.country, message: input.message };
  const { error } = existing
    ? await supabase
        .from('partner_applications')
        .update({ ...body, status: 'pending' })
        .eq('id', existing.id)
    : await supabase.from('partner_applications').insert({ ...body, kind });
  if (error) throw error;
}

/** Withdraws a pending application (the database refuses once it is reviewed). */
export async function withdrawApplication(id: string): Promise<void> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('partner_applications').delete().eq('id', id).eq('status', 'pending').select('id');
  if (error) throw error;
  if (!data?.length) throw Object.assign(new Error(i18n._('partners.apply.withdraw.tooLate')), { code: 'P0001' });
}

/** Operators: applications of one programme by status, oldest first (the queue). */
export async function listApplications(kind: PartnerProgramme, status: ApplicationStatus | 'all'): Promise<PartnerApplication[]> {
  const supabase = await getSupabase();
  let request = supabase.from('partner_applications').select(COLUMNS).eq('kind', kind).order('created_at').limit(200);
  if (status !== 'all') request = request.eq('status', status);
  const { data, error } = await request;
  if (error) throw error;
  return (data as Row[]).map(fromRow);
}

export function reviewApplication(id: string, decision: 'approve' | 'reject', reason: string): Promise<{ emailed: boolean }> {
  return sendReviewDecision('partner-review', id, decision, reason);
}

/** The public directory: approved partners of one programme (company, website, country, since). */
export async function partnerDirectory(kind: PartnerProgramme, signal?: AbortSignal): Promise<DirectoryEntry[]> {
  const supabase = await getSupabase();
  let request = supabase.rpc('partner_directory', { programme: kind });
  if (signal) request = request.abortSignal(signal);
  const { data, error } = await request;
  if (error) throw error;
  return (data as { company: string; website: string; country: string | null; partner_since: string | null }[]).map((r) => ({
    company: r.company,
    website: r.website,
    country: r.country,
    partnerSince: r.partner_since,
  }));
}
