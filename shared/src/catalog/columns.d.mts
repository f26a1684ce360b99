export declare const PATTERN_PAGE_COLUMNS: 'id,store_id,title,description,craft,category,difficulty,size_range,size_chart,yardage,formats,notions,languages,tags,licence,price_cents,currency,status,cover_path,gallery_paths,current_version,published_at,updated_at,stores!patterns_store_id_fkey!inner(id,slug,name,kind,country,owner_id)';
export declare const STOREFRONT_COLUMNS: 'id,slug,kind,name,bio,logo_path,banner_path,country,address_line1,address_line2,city,postal_code,region';
export declare const CATALOG_PAGE_SIZE = 24;
