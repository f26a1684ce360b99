// Gallery order as the person arranges it: the first image is the cover.
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

export function moveItem<T>(items: readonly T[], index: number, offset: -1 | 1): T[] {
  const target = index + offset;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function splitCover(paths: readonly string[]): { cover: string | null; gallery: string[] } {
  return { cover: paths[0] ?? null, gallery: paths.slice(1) };
}

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function imageProblem(file: { name: string; size: number; type: string }): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return i18n._('catalog.publish.image.notImage', { file: file.name });
  if (file.size > MAX_IMAGE_BYTES) return i18n._('catalog.publish.image.tooLarge', { file: file.name });
  return null;
}
