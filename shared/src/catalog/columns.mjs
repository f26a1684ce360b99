// @ts-check
// What a pattern page, a storefront and the catalog's first page read, named once: the screens
// (mf-catalog's api) ask for it, and the page's server (scripts/route-hints.mjs) makes the same
// read to send it inside the page (shared/src/pageReads.mjs). The literal types in columns.d.mts
// type the rows; shared/test/columns.test.ts holds them equal to these values.

/** A pattern page: the pattern, its store and its translated titles and descriptions (mf-catalog `getPattern` picks the buyer's language). */
export const PATTERN_PAGE_COLUMNS =
  'id,store_id,title,description,craft,category,difficulty,size_range,size_chart,yardage,yarn_weight,gauge_stitches_10cm,gauge_rows_10cm,yarn_min_m,yarn_max_m,needle_mm,formats,notions,languages,tags,licence,price_cents,currency,status,cover_path,gallery_paths,current_version,published_at,updated_at,stores!patterns_store_id_fkey!inner(id,slug,name,kind,country,owner_id),pattern_translations(locale,title,description)';

/** A storefront's header (mf-catalog `getStoreBySlug`). */
export const STOREFRONT_COLUMNS = 'id,slug,kind,name,bio,logo_path,banner_path,country,address_line1,address_line2,city,postal_code,region';

/** Patterns per page of the catalog and of a store (the first page is the one a page can carry). */
export const CATALOG_PAGE_SIZE = 24;
