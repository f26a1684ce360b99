-- The second factor guards every action (issue #31, item 1), part 1: the one helper.
-- An account with a verified authenticator app that signed in with the password alone holds an
-- aal1 token. The auth server already refuses it password/email change, factor removal,
-- recovery codes and deletion; the policies and RPCs of the later migrations refuse it every
-- write and every private read through this helper (Supabase's MFA guide: "aal2 if the caller
-- has a verified factor").
--
-- True when the caller needs no (more) second factor:
--   * the service role (functions acting as the server; they check the member themselves),
--   * a token whose aal claim is aal2,
--   * a caller with no verified factor (members without the app, guests, anon, a direct
--     database connection with no JWT at all).
-- Security definer: it reads auth.mfa_factors, which members cannot read.
create or replace function public.mfa_satisfied() returns boolean
language sql stable security definer set search_path = '' as $$
  select coalesce(auth.jwt() ->> 'role', '') = 'service_role'
      or coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (
        select 1 from auth.mfa_factors f
        where f.user_id = (select auth.uid()) and f.status = 'verified'
      )
$$;
revoke execute on function public.mfa_satisfied() from public;
grant execute on function public.mfa_satisfied() to anon, authenticated, service_role;

-- The refusal every security-definer RPC a member calls raises when mfa_satisfied() is false:
-- one message and hint, the same 42501 PostgREST answers with 403.
create or replace function public.require_mfa() returns void
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.mfa_satisfied() then
    raise exception 'Enter a code from your authenticator app first: this action needs a second factor.'
      using errcode = '42501',
            hint = 'This account has an authenticator app and this session was opened with the password alone (aal1). Verify a code (or a recovery code), refresh the session, and try again.';
  end if;
end $$;
revoke execute on function public.require_mfa() from public;
grant execute on function public.require_mfa() to anon, authenticated, service_role;
