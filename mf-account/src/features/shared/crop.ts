// Cropping in the browser before upload: the middle of the picture at the shape the page
// shows (avatars and logos square, banners 3:1), scaled down, re-encoded (which also drops
// the photo's metadata, such as its GPS position).
import { i18n } from '@stitchhouse/shared/i18n/index.ts';

export type CropShape = 'square' | 'banner';

const SIZE: Record<CropShape, { width: number; height: number }> = {
  square: { width: 512, height: 512 },
  banner: { width: 1500, height: 500 },
};

/** The centred source rectangle of `shape`'s aspect ratio inside a width×height picture. */
export function centreCrop(width: number, height: number, shape: CropShape): { sx: number; sy: number; sw: number; sh: number } {
  const target = SIZE[shape].width / SIZE[shape].height;
  if (width / height > target) {
    const sw = Math.round(height * target);
    return { sx: Math.round((width - sw) / 2), sy: 0, sw, sh: height };
  }
  const sh = Math.round(width / target);
  return { sx: 0, sy: Math.round((height - sh) / 2), sw: width, sh };
}

export async function cropImage(file: Blob, shape: CropShape): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const { sx, sy, sw, sh } = centreCrop(bitmap.width, bitmap.height, shape);
    const scale = Math.min(1, SIZE[shape].width / sw);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(sw * scale));
    canvas.height = Math.max(1, Math.round(sh * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error(i18n._('account.image.browserCannot'));
    context.drawImage(bitmap, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/webp', 0.88));
    if (blob && blob.type === 'image/webp') return blob;
    const png = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/png'));
    if (!png) throw new Error(i18n._('account.image.notPrepared'));
    return png;
  } finally {
    bitmap.close();
  }
}
