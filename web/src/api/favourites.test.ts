import type { FavouritesResponse } from '@app/contract';
import { profileCardFixture } from '../test/fixtures';
import { withFavourite } from './favourites';

describe('the favourites list as the star changes it', () => {
  const list: FavouritesResponse = {
    ids: [2, 1],
    profiles: [
      { ...profileCardFixture, id: 2 },
      { ...profileCardFixture, id: 1 },
    ],
  };

  it('puts a new favourite first and never twice', () => {
    expect(withFavourite(list, 3, true)?.ids).toEqual([3, 2, 1]);
    expect(withFavourite(list, 1, true)?.ids).toEqual([1, 2]);
  });

  it('takes a favourite off the ids and the cards', () => {
    const after = withFavourite(list, 2, false);
    expect(after?.ids).toEqual([1]);
    expect(after?.profiles.map((card) => card.id)).toEqual([1]);
  });

  it('leaves a list not loaded yet alone', () => {
    expect(withFavourite(undefined, 1, true)).toBeUndefined();
  });
});
