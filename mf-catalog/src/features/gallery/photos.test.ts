import { describe, expect, it } from 'vitest';
import { i18n } from '@stitchhouse/shared/i18n/index.ts';
import '../../messages.ts';
import { designerPhotoPaths, designerPhotos, photoIndexForKey } from './photos.ts';

describe('gallery photos', () => {
  it('shows the cover first, then the gallery in the designer’s order, each once', () => {
    expect(designerPhotoPaths('s/cover.jpg', ['s/b.jpg', 's/a.jpg'])).toEqual(['s/cover.jpg', 's/b.jpg', 's/a.jpg']);
    expect(designerPhotoPaths('s/cover.jpg', ['s/cover.jpg', 's/a.jpg'])).toEqual(['s/cover.jpg', 's/a.jpg']);
    expect(designerPhotoPaths(null, ['s/a.jpg'])).toEqual(['s/a.jpg']);
    expect(designerPhotoPaths(null, [])).toEqual([]);
  });

  it('numbers the alt text only when there are several photos', () => {
    const url = (p: string) => `https://x/${p}`;
    expect(designerPhotos(i18n, 'Wrap dress', ['a'], url)).toEqual([{ src: 'https://x/a', alt: 'Wrap dress' }]);
    expect(designerPhotos(i18n, 'Wrap dress', ['a', 'b'], url)[1]).toEqual({ src: 'https://x/b', alt: 'Wrap dress, photo 2 of 2' });
  });

  it('moves with the arrow keys, wrapping, and jumps with Home and End', () => {
    expect(photoIndexForKey('ArrowRight', 0, 3)).toBe(1);
    expect(photoIndexForKey('ArrowRight', 2, 3)).toBe(0);
    expect(photoIndexForKey('ArrowLeft', 0, 3)).toBe(2);
    expect(photoIndexForKey('Home', 2, 3)).toBe(0);
    expect(photoIndexForKey('End', 0, 3)).toBe(2);
    expect(photoIndexForKey('Enter', 0, 3)).toBeNull();
    expect(photoIndexForKey('ArrowRight', 0, 0)).toBeNull();
  });
});
