-- A success event (payment_intent.succeeded, charge.succeeded) of an order already paid adds nothing
-- the order does not have: it is recorded and applied with the order as its only fact, as the
-- webhook did after reading the order itself, here in one call (one request and transaction fewer
-- on two of a payment's three events). For an order in any other state nothing is recorded and the
-- answer is {needs_facts: true}: the webhook re-fetches the provider's state and calls
-- apply_payment_event, as for every other event.
create function public.apply_payment_success(p_provider text, p_event jsonb, p_order_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.orders o where o.id = p_order_id and o.status = 'paid') then
    return jsonb_build_object('needs_facts', true);
  end if;
  return public.apply_payment_event(p_provider, p_event, jsonb_build_object('order_id', p_order_id));
end $$;
revoke execute on function public.apply_payment_success(text, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.apply_payment_success(text, jsonb, uuid) to service_role;
