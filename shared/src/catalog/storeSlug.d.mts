export declare const STORE_SLUG_RULE: Readonly<{ pattern: RegExp; min: number; max: number }>;
export declare function isStoreSlug(slug: string): boolean;
