// Object-name, prefix and bucket rules that keep storage paths inside the bucket folder,
// and the per-bucket size/type rules.
import { describe, expect, it } from 'vitest';
import { assertMimeTypeAllowed, effectiveSizeLimit, globalFileSizeLimit, parseFileSizeLimit } from '../src/storage/limits.ts';
import { assertBucketId, assertPrefix, isSafeObjectName } from '../src/storage/names.ts';

describe('object names', () => {
  it('accepts folder paths with everyday characters, including accents', () => {
    for (const name of ['a.pdf', 'store/pattern/A4 (print).pdf', 'Café/robe-été_v2.pdf', "it's+ok,=@$&;:!*.txt"]) {
      expect(isSafeObjectName(name), name).toBe(true);
    }
  });

  it('refuses traversal, absolute paths, backslashes, control characters and empty segments', () => {
    for (const name of [
      '',
      '..',
      '../x',
      'a/../b',
      'a/./b',
      './a',
      '/abs',
      'a//b',
      'a/',
      'a\\b',
      'a\u0000b',
      'a\nb',
      'a\u007fb',
      'a%2e%2e',
      'x'.repeat(1025),
    ]) {
      expect(isSafeObjectName(name), JSON.stringify(name)).toBe(false);
    }
  });

  it('normalises list prefixes to "folder/" and refuses unsafe ones', () => {
    expect(assertPrefix('')).toBe('');
    expect(assertPrefix('a/b')).toBe('a/b/');
    expect(assertPrefix('a/b/')).toBe('a/b/');
    expect(() => assertPrefix('a/../b')).toThrow(/Invalid key/);
  });

  it('validates bucket ids', () => {
    expect(assertBucketId('pattern-files')).toBe('pattern-files');
    for (const id of ['', '..', 'a/b', 'x'.repeat(101), 'tab\tname']) expect(() => assertBucketId(id)).toThrow(/Bucket name invalid/);
  });
});

describe('bucket limits', () => {
  it('parses sizes given as bytes or with units', () => {
    expect(parseFileSizeLimit(1024)).toBe(1024);
    // decimal units, as Storage's parseFileSizeToBytes: 1 MB = 1,000,000 bytes
    expect(parseFileSizeLimit('5MB')).toBe(5_000_000);
    expect(parseFileSizeLimit('1.5kb')).toBe(1500);
    expect(() => parseFileSizeLimit('5')).toThrow(/file_size_limit/);
    expect(parseFileSizeLimit(null)).toBeNull();
    expect(() => parseFileSizeLimit(-1)).toThrow(/file_size_limit/);
    expect(() => parseFileSizeLimit('big')).toThrow(/file_size_limit/);
  });

  it('caps every bucket at the global limit', () => {
    expect(effectiveSizeLimit(null)).toBe(globalFileSizeLimit);
    expect(effectiveSizeLimit('2048')).toBe(2048);
    expect(effectiveSizeLimit(globalFileSizeLimit * 2)).toBe(globalFileSizeLimit);
  });

  it('matches allowed types exactly or by wildcard, ignoring parameters and case', () => {
    expect(() => assertMimeTypeAllowed('image/PNG', ['image/*'])).not.toThrow();
    expect(() => assertMimeTypeAllowed('text/plain;charset=UTF-8', ['text/plain'])).not.toThrow();
    expect(() => assertMimeTypeAllowed('anything/at-all', null)).not.toThrow();
    expect(() => assertMimeTypeAllowed('application/zip', ['application/pdf', 'image/*'])).toThrow(/application\/zip is not supported/);
    expect(() => assertMimeTypeAllowed('imagex/png', ['image/*'])).toThrow(/not supported/);
  });
});
