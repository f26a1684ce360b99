import { describe, expect, it } from 'vitest';
import { clearSignUpDraft, loadSignUpDraft, saveSignUpDraft } from './draft.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

describe('sign-up draft', () => {
  it('keeps name, email and intent, never a password', () => {
    const storage = memoryStorage();
    saveSignUpDraft({ displayName: 'Ada', email: 'ada@example.com', intent: 'designer', password: 'secret-1' } as never, storage);
    expect(loadSignUpDraft(storage)).toEqual({ displayName: 'Ada', email: 'ada@example.com', intent: 'designer' });
    expect([...storage.items.values()].join()).not.toContain('secret');
  });

  it('forgets an empty form and a cleared one', () => {
    const storage = memoryStorage();
    saveSignUpDraft({ displayName: 'Ada', email: '', intent: '' }, storage);
    saveSignUpDraft({ displayName: '', email: '', intent: '' }, storage);
    expect(loadSignUpDraft(storage)).toBeNull();
    saveSignUpDraft({ displayName: 'Ada', email: '', intent: '' }, storage);
    clearSignUpDraft(storage);
    expect(loadSignUpDraft(storage)).toBeNull();
  });

  it('survives a damaged entry or blocked storage', () => {
    expect(loadSignUpDraft({ getItem: () => '{not json' })).toBeNull();
    expect(loadSignUpDraft({ getItem: () => JSON.stringify({ displayName: 7, email: 'a@b.co' }) })).toEqual({ displayName: '', email: 'a@b.co', intent: '' });
    const blocked = {
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveSignUpDraft({ displayName: 'A', email: '', intent: '' }, blocked)).not.toThrow();
    expect(() => clearSignUpDraft(blocked)).not.toThrow();
  });
});
