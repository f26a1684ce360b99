-- 20261123005000_currency_rates.sql filled the new price columns of catalog_search.documents
-- with one UPDATE of every row. The pages were full, so no update stayed on its page (HOT):
-- every row got a new version at the end of the table and the first half was left as empty
-- pages, which VACUUM frees but does not give back. Browsing without words samples the table
-- from its first block (search_patterns), so it read that empty half first: /patterns went from
-- ~15 to ~120 ms (p50, 100,000 patterns, PGlite; bench/README.md). A table rewrite packs the
-- live rows again (VACUUM FULL and CLUSTER cannot run inside a migration's transaction; an ALTER
-- ... TYPE with a USING expression rewrites the table and its indexes in one statement).
alter table catalog_search.documents alter column price_eur type numeric using price_eur + 0;
analyze catalog_search.documents;
