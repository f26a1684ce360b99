import '../../messages.ts';
import '../../catalogs/owner/messages.ts';
import { describe, expect, it } from 'vitest';
import { imageProblem, moveItem, splitCover } from './imageOrder.ts';

describe('gallery order', () => {
  it('moves an image up or down and stays put at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
  it('the first image is the cover', () => {
    expect(splitCover(['a', 'b', 'c'])).toEqual({ cover: 'a', gallery: ['b', 'c'] });
    expect(splitCover([])).toEqual({ cover: null, gallery: [] });
  });
  it('checks image type and size', () => {
    expect(imageProblem({ name: 'x.gif', size: 10, type: 'image/gif' })).toMatch(/JPEG, PNG or WebP/);
    expect(imageProblem({ name: 'x.png', size: 11 * 1024 * 1024, type: 'image/png' })).toMatch(/10 MB/);
    expect(imageProblem({ name: 'x.png', size: 100, type: 'image/png' })).toBeNull();
  });
});
