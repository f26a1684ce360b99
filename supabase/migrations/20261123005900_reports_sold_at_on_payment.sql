-- A line's sale time (order_items.sold_at, which every store report and the daily sales roll-up
-- read) is copied from orders.paid_at by orders_copy_sale. It was an `update of paid_at` trigger,
-- but checkout never names paid_at: payments_mark_paid sets status = 'paid' and the BEFORE trigger
-- fulfil_order_status fills paid_at in, and a column-list trigger fires only for columns in the
-- statement's SET list. So no order paid through Stripe reached the reports (seeded and test orders
-- are inserted already paid). Fire whenever paid_at changes, however it changed, and give the lines
-- paid since 20261123004500 their sale time.
drop trigger orders_copy_sale on public.orders;
create trigger orders_copy_sale after insert on public.orders
  for each row when (new.paid_at is not null) execute function public.orders_copy_sale();
create trigger orders_copy_sale_on_update after update on public.orders
  for each row when (new.paid_at is not null and new.paid_at is distinct from old.paid_at)
  execute function public.orders_copy_sale();

update public.order_items i set sold_at = o.paid_at, order_number = o.number
  from public.orders o
 where o.id = i.order_id and o.paid_at is not null and i.sold_at is distinct from o.paid_at;
