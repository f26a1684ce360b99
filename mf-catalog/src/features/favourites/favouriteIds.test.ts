import { beforeEach, describe, expect, it, vi } from 'vitest';

const api = vi.hoisted(() => ({ myFavouriteIds: vi.fn(), setFavourite: vi.fn() }));
vi.mock('../../api/social.ts', () => api);

const { favouriteIdsOf, loadFavouriteIds, toggleFavourite } = await import('./favouriteIds.ts');

/** A read of the favourites list that answers when the test says so. */
function slowList() {
  let answer!: (ids: string[]) => void;
  api.myFavouriteIds.mockReturnValueOnce(
    new Promise<string[]>((resolve) => {
      answer = resolve;
    }),
  );
  return (ids: string[]) => {
    answer(ids);
    return new Promise((r) => setTimeout(r, 0));
  };
}

let member = 0;
beforeEach(() => {
  api.myFavouriteIds.mockReset();
  api.setFavourite.mockReset().mockResolvedValue(undefined);
  member++;
});

describe('favourite hearts', () => {
  it('a heart pressed before the list arrives stays on when it does (the list was read before the press)', async () => {
    const user = `member-${member}`;
    const arrive = slowList();
    loadFavouriteIds(user);
    await toggleFavourite('skirt', true);
    expect([...favouriteIdsOf(user)]).toEqual(['skirt']);
    await arrive(['tee']);
    expect([...favouriteIdsOf(user)].sort()).toEqual(['skirt', 'tee']);
  });

  it('a heart turned off before the list arrives stays off', async () => {
    const user = `member-${member}`;
    const arrive = slowList();
    loadFavouriteIds(user);
    await toggleFavourite('tee', false);
    await arrive(['tee', 'vest']);
    expect([...favouriteIdsOf(user)]).toEqual(['vest']);
  });

  it('a refused press is undone for that heart only, before or after the list arrives', async () => {
    const user = `member-${member}`;
    const arrive = slowList();
    loadFavouriteIds(user);
    api.setFavourite.mockRejectedValueOnce(new Error('refused'));
    await expect(toggleFavourite('skirt', true)).rejects.toThrow('refused');
    await arrive(['tee']);
    expect([...favouriteIdsOf(user)]).toEqual(['tee']);
    api.setFavourite.mockRejectedValueOnce(new Error('refused'));
    await expect(toggleFavourite('tee', false)).rejects.toThrow('refused');
    expect([...favouriteIdsOf(user)]).toEqual(['tee']);
    await toggleFavourite('vest', true);
    expect([...favouriteIdsOf(user)].sort()).toEqual(['tee', 'vest']);
  });

  it("another member sees none of the last one's hearts", async () => {
    const arrive = slowList();
    loadFavouriteIds(`member-${member}`);
    await arrive(['tee']);
    const next = slowList();
    loadFavouriteIds('someone-else');
    expect([...favouriteIdsOf('someone-else')]).toEqual([]);
    await next([]);
    expect([...favouriteIdsOf('someone-else')]).toEqual([]);
  });
});
