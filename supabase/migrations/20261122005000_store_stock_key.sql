-- store_stock gets its own key. With (store_id, pattern_id) as its primary key PostgREST
-- read it as a many-to-many junction between patterns and stores, so the everyday embed
-- patterns?select=*,stores(name) was ambiguous (PGRST201). The pair stays unique.
alter table public.store_stock drop constraint store_stock_pkey;
alter table public.store_stock add column id uuid not null default gen_random_uuid();
alter table public.store_stock add constraint store_stock_pkey primary key (id);
alter table public.store_stock add constraint store_stock_once unique (store_id, pattern_id);
