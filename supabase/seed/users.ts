// The demo accounts (one shared password) with their email identities and roles.
import { json, type Queryable } from './db.ts';
import { DEMO_PASSWORD, allUsers, shoppers } from './people.ts';
import { daysBefore } from './prng.ts';

export async function insertUsers(pool: Queryable): Promise<void> {
  const users = [...allUsers, ...shoppers].map((u) => ({ id: u.id, email: u.email, display_name: u.displayName, intent: u.intent }));
  // one bcrypt hash for all demo accounts: they share the password, and bcrypt is slow by design
  await pool.query(
    `with pw as (select extensions.crypt($2, extensions.gen_salt('bf')) as hash)
     insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
                             confirmation_token, recovery_token, email_change_token_new, email_change)
     select '00000000-0000-0000-0000-000000000000', u.id, 'authenticated', 'authenticated', u.email, pw.hash, $3, $3,
            '{"provider": "email", "providers": ["email"]}',
            jsonb_build_object('display_name', u.display_name, 'intent', u.intent, 'email', u.email,
                               'email_verified', true, 'phone_verified', false, 'sub', u.id),
            $3, $3, '', '', '', ''
       from jsonb_to_recordset($1::jsonb) as u(id uuid, email text, display_name text, intent text), pw
     on conflict (id) do nothing`,
    [json(users), DEMO_PASSWORD, daysBefore(400)],
  );
  await pool.query(
    `insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
     select u.id, u.id::text, u.id,
            jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
            'email', $2, $2
       from jsonb_to_recordset($1::jsonb) as u(id uuid, email text)
     on conflict do nothing`,
    [json(users), daysBefore(400)],
  );
  const granted = allUsers.flatMap((u) => u.roles.map((role) => ({ user_id: u.id, role })));
  await pool.query(
    `insert into public.user_roles (user_id, role)
     select r.user_id, r.role from jsonb_to_recordset($1::jsonb) as r(user_id uuid, role text) on conflict do nothing`,
    [json(granted)],
  );
}
