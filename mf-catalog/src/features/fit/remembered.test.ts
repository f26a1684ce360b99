import { describe, expect, it } from 'vitest';
import { FIT_STORAGE_KEY, forgetFitForm, loadFitForm, saveFitForm } from './remembered.ts';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

describe('remembered fits-me form', () => {
  it('saves, loads and forgets', () => {
    const store = memoryStorage();
    expect(loadFitForm(store)).toBeNull();
    saveFitForm({ unit: 'in', bust: '36', waist: '', hip: '40' }, store);
    expect(loadFitForm(store)).toEqual({ unit: 'in', bust: '36', waist: '', hip: '40' });
    forgetFitForm(store);
    expect(loadFitForm(store)).toBeNull();
  });

  it('ignores corrupt or foreign values', () => {
    const store = memoryStorage();
    store.setItem(FIT_STORAGE_KEY, '{not json');
    expect(loadFitForm(store)).toBeNull();
    store.setItem(FIT_STORAGE_KEY, JSON.stringify({ unit: 'ft', bust: '3' }));
    expect(loadFitForm(store)).toBeNull();
  });

  it('keeps working when storage throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(loadFitForm(broken)).toBeNull();
    expect(() => saveFitForm({ unit: 'cm', bust: '', waist: '', hip: '90' }, broken)).not.toThrow();
    expect(() => forgetFitForm(broken)).not.toThrow();
  });
});
