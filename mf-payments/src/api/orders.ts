// Orders through REST under row-level security: a buyer reads their own orders and items. A store
// owner never reads `orders` (the buyer's id and address are in it): their sales come from
// rpc/store_sales, their own lines with the order's number, status and the buyer's country, a
// pseudonym, and the address only of a buyer who opted in (as the customers report shows).
import { getSupabase } from '@stitchhouse/shared';
import { restFailure } from './functions.ts';
import type { InvoiceRef } from './invoices.ts';
import type { OrderStatus } from '@stitchhouse/shared/statuses.ts';

export type { OrderStatus };

export interface OrderItem {
  id: string;
  pattern_id: string;
  store_id: string;
  kind: 'digital' | 'wholesale_print';
  quantity: number;
  unit_price_cents: number;
  currency: string;
  title: string | null;
  vat_cents: number | null;
  discount_cents: number | null;
  refunded_at: string | null;
  /** Set by the refund function; refunded_at follows when the provider's webhook confirms. */
  refund_requested_at: string | null;
}

export interface Order {
  id: string;
  number: number;
  status: OrderStatus;
  currency: string;
  buyer_email: string | null;
  /** When the receipt email went out (the webhook sends it on fulfilment). */
  receipt_sent_at: string | null;
  subtotal_cents: number;
  discount_cents: number | null;
  vat_cents: number | null;
  vat_rate_bp: number | null;
  buyer_country: string | null;
  total_cents: number;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  paid_at: string | null;
  refunded_at: string | null;
  order_items: OrderItem[];
  /** The VAT invoice (issued when paid) and a credit note per refund, oldest first. */
  invoices: InvoiceRef[];
}

/** Query keys of orders: the buyer's own, one order, a store owner's sales (shared/src/query/client.ts). */
export const orderKeys = {
  all: ['payments', 'orders'] as const,
  mine: (userId: string) => [...orderKeys.all, 'mine', userId] as const,
  one: (orderId: string, userId: string) => [...orderKeys.all, 'one', orderId, userId] as const,
  /** Read until the webhook settled it (the success page's poll). */
  confirmation: (orderId: string) => [...orderKeys.all, 'confirmation', orderId] as const,
  sales: (storeIds: readonly string[]) => [...orderKeys.all, 'sales', ...storeIds] as const,
};

const ITEM_COLUMNS = 'id,pattern_id,store_id,kind,quantity,unit_price_cents,currency,title,vat_cents,discount_cents,refunded_at,refund_requested_at';
const ORDER_COLUMNS = `id,number,status,currency,buyer_email,receipt_sent_at,subtotal_cents,discount_cents,vat_cents,vat_rate_bp,buyer_country,total_cents,failure_code,failure_message,created_at,paid_at,refunded_at,order_items(${ITEM_COLUMNS}),invoices(kind,number,issued_at,gross_cents,currency)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One order the caller may read, or null (unknown id, someone else's order, malformed id). */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<Order | null> {
  if (!UUID.test(orderId)) return null;
  const supabase = await getSupabase();
  let request = supabase.from('orders').select(ORDER_COLUMNS).eq('id', orderId);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request.maybeSingle();
  if (error) restFailure(error, status);
  return (data as Order | null) ?? null;
}

/** The signed-in person's purchases, newest first (checkouts that were never paid are left out). */
export async function myOrders(userId: string, signal?: AbortSignal): Promise<Order[]> {
  const supabase = await getSupabase();
  let request = supabase
    .from('orders')
    .select(ORDER_COLUMNS)
    .eq('buyer_id', userId)
    .in('status', ['paid', 'partially_refunded', 'refunded'])
    .order('created_at', { ascending: false })
    .limit(50);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return (data ?? []) as Order[];
}

export interface SaleItem extends OrderItem {
  order: {
    id: string;
    number: number;
    status: OrderStatus;
    created_at: string;
    currency: string;
    /** "Buyer 3F9A1C": the same buyer has the same name in the store's customers report */
    customer: string | null;
    /** only when the buyer opted in to sharing it (null otherwise) */
    buyer_email: string | null;
  };
}

/** Recent lines sold by these stores (50 at most, newest first), with their order's state. */
export async function storeSales(storeIds: readonly string[], signal?: AbortSignal): Promise<SaleItem[]> {
  if (storeIds.length === 0) return [];
  const supabase = await getSupabase();
  let request = supabase.rpc('store_sales', { p_limit: 50 }).in('store_id', [...storeIds]);
  if (signal) request = request.abortSignal(signal);
  const { data, error, status } = await request;
  if (error) restFailure(error, status);
  return (data ?? []).map((row) => ({
    id: row.order_item_id,
    pattern_id: row.pattern_id,
    store_id: row.store_id,
    kind: row.kind as OrderItem['kind'],
    quantity: row.quantity,
    unit_price_cents: row.unit_price_cents,
    currency: row.currency,
    title: row.title,
    vat_cents: row.vat_cents,
    discount_cents: row.discount_cents,
    refunded_at: row.refunded_at,
    refund_requested_at: row.refund_requested_at,
    order: {
      id: row.order_id,
      number: row.order_number,
      status: row.order_status as OrderStatus,
      created_at: row.ordered_at,
      currency: row.currency,
      customer: row.customer,
      buyer_email: row.buyer_email,
    },
  }));
}
