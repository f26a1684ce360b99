// The statuses, kinds and licences the database keeps as enums (supabase/migrations/
// 20261202001000_typed_statuses.sql), named once from the generated Database: a remote, a function
// or a form that needs one of these unions (or its values) takes it from here, never a copy.
import { Constants, type Database } from './database.types.ts';

type Enums = Database['public']['Enums'];

export type PatternStatus = Enums['pattern_status'];
export type PatternLicence = Enums['pattern_licence'];
export type StoreKind = Enums['store_kind'];
export type OrderStatus = Enums['order_status'];
export type OrderItemKind = Enums['order_item_kind'];
export type SubscriptionStatus = Enums['subscription_status'];
/** A wholesale account's or a partner application's review status. */
export type ApplicationStatus = Enums['application_status'];
export type PartnerKind = Enums['partner_kind'];
export type PayoutTransferStatus = Enums['payout_status'];
export type PayoutTransferKind = Enums['payout_kind'];
export type ReportAudience = Enums['report_audience'];

/** The values, in the enum's order (for z.enum and pickers). */
export const PATTERN_STATUSES = Constants.public.Enums.pattern_status;
export const PATTERN_LICENCES = Constants.public.Enums.pattern_licence;
export const ORDER_ITEM_KINDS = Constants.public.Enums.order_item_kind;
