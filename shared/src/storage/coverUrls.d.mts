export declare const COVER_BUCKET = 'pattern-images';

export interface ImageTransform {
  width?: number;
  height?: number;
  resize?: 'cover' | 'contain' | 'fill';
  quality?: number;
  format?: 'origin';
}

export declare function publicStorageUrl(supabaseUrl: string, bucket: string, path: string, transform?: ImageTransform): string;

export declare const COVER_SLOTS: {
  readonly card: { readonly widths: readonly [200, 320, 480, 640]; readonly sizes: string };
  readonly wideCard: { readonly widths: readonly [320, 480, 640, 960]; readonly sizes: string };
  readonly gallery: { readonly widths: readonly [480, 640, 800, 960, 1280]; readonly sizes: string };
  readonly thumb: { readonly widths: readonly [120, 240]; readonly sizes: string };
};

export type CoverSlot = keyof typeof COVER_SLOTS;

export interface CoverImage {
  src: string;
  /** Absent when the backend has no image transformations (imageTransforms: false). */
  srcSet?: string;
  sizes?: string;
  width: number;
  height: number;
}

export declare function coverAttributes(path: string, slot: CoverSlot, config: { supabaseUrl: string; imageTransforms?: boolean }, bucket?: string): CoverImage;
