// Wholesale applications: the applicant's own (row-level security: wholesale_accounts_apply /
// applicant_update), the private certificate, and the operators' queue and decision (the
// wholesale-review function decides as the operator and emails the applicant).
import { getSupabase } from '@stitchhouse/shared';
import type { WholesaleApplicationInput } from '@stitchhouse/shared/account/schemas.ts';
import { sendReviewDecision } from '@stitchhouse/shared/review.ts';
import type { ApplicationStatus } from '@stitchhouse/shared/statuses.ts';

export type { ApplicationStatus };

/** Query keys of wholesale applications (the applicant's own; the operators' queue reads through ReviewQueue). */
export const wholesaleKeys = {
  all: ['account', 'wholesale'] as const,
  mine: (userId: string) => [...wholesaleKeys.all, 'mine', userId] as const,
};

export interface Application {
  id: string;
  userId: string;
  businessName: string;
  taxId: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  region: string;
  country: string;
  website: string;
  status: ApplicationStatus;
  reason: string | null;
  documentPath: string | null;
  createdAt: string;
  reviewedAt: string | null;
}

const COLUMNS =
  'id, user_id, business_name, tax_id, address_line1, address_line2, city, postal_code, region, country, website, status, reason, document_path, created_at, reviewed_at';

type Row = {
  id: string;
  user_id: string;
  business_name: string;
  tax_id: string;
  address_line1: string;
  address_line2: string | null;
  city: string;
  postal_code: string;
  region: string | null;
  country: string;
  website: string | null;
  status: ApplicationStatus;
  reason: string | null;
  document_path: string | null;
  created_at: string;
  reviewed_at: string | null;
};

const fromRow = (r: Row): Application => ({
  id: r.id,
  userId: r.user_id,
  businessName: r.business_name,
  taxId: r.tax_id,
  addressLine1: r.address_line1,
  addressLine2: r.address_line2 ?? '',
  city: r.city,
  postalCode: r.postal_code,
  region: r.region ?? '',
  country: r.country,
  website: r.website ?? '',
  status: r.status,
  reason: r.reason,
  documentPath: r.document_path,
  createdAt: r.created_at,
  reviewedAt: r.reviewed_at,
});

export async function myApplication(userId: string): Promise<Application | null> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.from('wholesale_accounts').select(COLUMNS).eq('user_id', userId).maybeSingle();
  if (error) throw error;
  return data ? fromRow(data as Row) : null;
}

function columns(input: WholesaleApplicationInput, documentPath: string | null) {
  const nullable = (s: string) => (s.trim() === '' ? null : s.trim());
  return {
    business_name: input.businessName,
    tax_id: input.taxId,
    address_line1: input.addressLine1,
    address_line2: nullable(input.addressLine2),
    city: input.city,
    postal_code: input.postalCode,
    region: nullable(input.region),
    country: input.country,
    website: nullable(input.website),
    document_path: documentPath,
  };
}

/** A first application, or a re-application after a rejection (back to pending). */
export async function submitApplication(existing: Application | null, input: WholesaleApplicationInput, documentPath: string | null): Promise<void> {
  const supabase = await getSupabase();
  const body = columns(input, documentPath);
  const { error } = existing
    ? await supabase
        .from('wholesale_accounts')
        .update({ ...body, status: 'pending' })
        .eq('id', existing.id)
    : await supabase.from('wholesale_accounts').insert(body);
  if (error) throw error;
}

/** Operators: applications by status, oldest first (the queue). */
export async function listApplications(status: ApplicationStatus | 'all'): Promise<Application[]> {
  const supabase = await getSupabase();
  let request = supabase.from('wholesale_accounts').select(COLUMNS).order('created_at').limit(200);
  if (status !== 'all') request = request.eq('status', status);
  const { data, error } = await request;
  if (error) throw error;
  return (data as Row[]).map(fromRow);
}

/** A short-lived link to a private certificate (the storage checks the caller may read it). */
export async function certificateUrl(path: string): Promise<string> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.storage.from('wholesale-documents').createSignedUrl(path, 300);
  if (error) throw error;
  return data.signedUrl;
}

export function reviewApplication(id: string, decision: 'approve' | 'reject', reason: string): Promise<{ emailed: boolean }> {
  return sendReviewDecision('wholesale-review', id, decision, reason);
}
