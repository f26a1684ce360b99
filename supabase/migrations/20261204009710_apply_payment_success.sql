-- A success event (checkout.session.completed or async_payment_succeeded, payment_intent.succeeded,
-- charge.succeeded) of an order already paid adds nothing the order does not have: every later
-- change at the provider (a refund, a dispute) raises an event of its own. It is recorded and
-- applied with the order as its only fact, in one call (one request and transaction fewer than
-- reading the order first). For an order in any other state nothing is recorded: the answer is
-- {needs_facts: true} with the order's status and provider ids (null: no such order), and the
-- webhook re-fetches the provider's state and calls apply_payment_event, as for every other event.
create function public.apply_payment_success(p_provider text, p_event jsonb, p_order_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.id = p_order_id;
  if not found then
    return jsonb_build_object('needs_facts', true, 'order', null);
  end if;
  if v_order.status <> 'paid' then
    return jsonb_build_object('needs_facts', true, 'order', jsonb_build_object('status', v_order.status,
      'provider_session_id', v_order.provider_session_id, 'provider_payment_intent_id', v_order.provider_payment_intent_id));
  end if;
  return public.apply_payment_event(p_provider, p_event, jsonb_build_object('order_id', p_order_id));
end $$;
revoke execute on function public.apply_payment_success(text, jsonb, uuid) from public, anon, authenticated;
grant execute on function public.apply_payment_success(text, jsonb, uuid) to service_role;
