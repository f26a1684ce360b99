import { createClient } from '@supabase/supabase-js';
import { afterEach, describe, expect, it } from 'vitest';
import { resetRuntimeConfig } from '../src/config.ts';
import { setRuntimeConfig } from '../src/configSchema.ts';
import { COVER_SLOTS, coverImage, coverLoading, publicStorageUrl } from '../src/storage/coverImage.ts';

// Covers at the size they are shown: the URLs are exactly what storage-js writes
// for getPublicUrl(path, { transform }), so they work against hosted Supabase as against ours.
const supabaseUrl = 'http://127.0.0.1:54321';
// realtime-js wants a WebSocket when the client is made; Node 20 has none and this test opens no socket.
const storage = createClient(supabaseUrl, 'anon-key', typeof WebSocket === 'undefined' ? { realtime: { transport: class {} as never } } : {}).storage;
const paths = ['store 1/p-1/cover.svg', 'a/b/ç é.png', '/leading/slash.webp'];

afterEach(() => resetRuntimeConfig());

describe('publicStorageUrl', () => {
  it('writes the object and render addresses storage-js writes', () => {
    for (const path of paths) {
      const bucket = storage.from('pattern-images');
      expect(publicStorageUrl(`${supabaseUrl}/`, 'pattern-images', path)).toBe(bucket.getPublicUrl(path).data.publicUrl);
      for (const transform of [
        { width: 320 },
        { width: 300, height: 200, resize: 'contain' as const, quality: 70 },
        { width: 200, format: 'origin' as const },
      ]) {
        expect(publicStorageUrl(supabaseUrl, 'pattern-images', path, transform)).toBe(bucket.getPublicUrl(path, { transform }).data.publicUrl);
      }
    }
  });

  it('keeps a "?" in an object name inside the path (storage-js would cut the path there)', () => {
    expect(publicStorageUrl(supabaseUrl, 'review-photos', 'p/why?.png', { width: 120 })).toBe(
      `${supabaseUrl}/storage/v1/render/image/public/review-photos/p/why%3F.png?width=120`,
    );
  });
});

describe('coverImage', () => {
  it('gives a srcset of render/image widths for the slot, a 2× src and the 4:5 box', () => {
    const image = coverImage('shop/p1/cover.svg', 'card', { supabaseUrl });
    const bucket = storage.from('pattern-images');
    expect(image.srcSet).toBe(
      COVER_SLOTS.card.widths.map((width) => `${bucket.getPublicUrl('shop/p1/cover.svg', { transform: { width } }).data.publicUrl} ${width}w`).join(', '),
    );
    expect(image.srcSet).toContain('/storage/v1/render/image/public/pattern-images/shop/p1/cover.svg?width=200 200w');
    expect(image.src).toBe(`${supabaseUrl}/storage/v1/render/image/public/pattern-images/shop/p1/cover.svg?width=320`);
    expect(image).toMatchObject({ sizes: COVER_SLOTS.card.sizes, width: 320, height: 400 });
  });

  it('falls back to the plain object URL when the backend has no transformations (env.json imageTransforms: false)', () => {
    setRuntimeConfig({ supabaseUrl, supabaseAnonKey: 'k', deploymentId: 'd', imageTransforms: false });
    const image = coverImage('shop/p1/cover.jpg', 'gallery');
    expect(image).toEqual({ src: storage.from('pattern-images').getPublicUrl('shop/p1/cover.jpg').data.publicUrl, width: 640, height: 800 });
    expect(image.srcSet).toBeUndefined();

    resetRuntimeConfig();
    setRuntimeConfig({ supabaseUrl, supabaseAnonKey: 'k', deploymentId: 'd' });
    expect(coverImage('shop/p1/cover.jpg', 'gallery').srcSet).toContain('/render/image/public/');
  });

  it('refuses a non-boolean imageTransforms in env.json', () => {
    expect(() => setRuntimeConfig({ supabaseUrl, supabaseAnonKey: 'k', deploymentId: 'd', imageTransforms: 'no' as never })).toThrow(
      /imageTransforms: must be true or false/,
    );
  });
});

describe('coverLoading', () => {
  it('loads the first row at once, the first cover first of all, the rest lazily', () => {
    expect(coverLoading(0)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(coverLoading(3)).toEqual({ loading: 'eager' });
    expect(coverLoading(4)).toEqual({ loading: 'lazy' });
    expect(coverLoading(undefined)).toEqual({ loading: 'lazy' });
  });
});
