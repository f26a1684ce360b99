// The photos a pattern page shows, in the order the designer arranged them in the editor.
// The editor stores its first photo as the cover and the rest as gallery_paths
// (publish/imageOrder.ts splitCover), so the page shows the cover first, then the gallery.
import type { I18n } from '@lingui/core';

export interface GalleryPhoto {
  /** Full URL of the image. */
  src: string;
  alt: string;
  /** Shown under the photo, e.g. "Made by Rosa" for a photo of a finished make. */
  caption?: string;
}

/** Cover then gallery paths, each once (older rows repeat the cover in the gallery). */
export function designerPhotoPaths(coverPath: string | null, galleryPaths: readonly string[]): string[] {
  const ordered = coverPath ? [coverPath, ...galleryPaths] : [...galleryPaths];
  return [...new Set(ordered)];
}

/** Alt text of the designer's photos: the title, numbered when there are several. */
export function designerPhotos(i18n: I18n, title: string, paths: readonly string[], urlOf: (path: string) => string): GalleryPhoto[] {
  return paths.map((path, i) => ({
    src: urlOf(path),
    alt: paths.length === 1 ? title : i18n._('catalog.common.gallery.designerAlt', { title, n: i + 1, count: paths.length }),
  }));
}

/** The index `key` moves to from `index` among `count` photos (wrapping), or null for other keys. */
export function photoIndexForKey(key: string, index: number, count: number): number | null {
  const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: count - 1 };
  const target = moves[key];
  return target === undefined || count === 0 ? null : (target + count) % count;
}
