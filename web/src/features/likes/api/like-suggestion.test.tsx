import type { SearchResponse } from '@app/contract';
import { createQueryClient } from '../../../api/query-client';
import { rememberSignupChoice } from '../../../components/signup/seeking';
import { jsonResponse, mockFetch, type RecordedCall } from '../../../test/http';
import { profileCardFixture } from '../../../test/fixtures';
import { likeSuggestionQueryOptions } from './like-suggestion';

const fleur = { ...profileCardFixture, id: 33, name: 'Fleur', gender: 'female' as const };
const found: SearchResponse = {
  profiles: [{ ...fleur, boosted: false }],
  next_cursor: null,
  num_results: 1,
  num_results_capped: false,
  similar: null,
};

/** The like popup's suggestion on a page that is no member's, and the calls it made. */
async function suggest(loggedIn: boolean) {
  const { calls } = mockFetch({
    'GET /api/search.php': () => jsonResponse(200, found),
    'GET /api/signup-matches.php': () => jsonResponse(200, { profiles: [fleur] }),
  });
  const member = await createQueryClient().fetchQuery(
    likeSuggestionQueryOptions(undefined, loggedIn),
  );
  return { member, calls };
}

const searched = (calls: RecordedCall[]) =>
  new URL(calls.find((c) => c.url.includes('search.php'))!.url, 'http://localhost').searchParams;

describe('the like popup’s suggestion', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('offers a visitor the first member of the gender chosen at signup’s first step', async () => {
    rememberSignupChoice('gender', 'female');
    rememberSignupChoice('seeking_gender', 'female');
    const { member, calls } = await suggest(false);
    expect(member?.name).toBe('Fleur');
    expect(searched(calls).get('gender')).toBe('female');
  });

  it('offers a visitor who chose nothing the first member of any gender', async () => {
    const { calls } = await suggest(false);
    expect(searched(calls).has('gender')).toBe(false);
  });

  it('offers a member the first of their matches, which follow the gender they seek', async () => {
    rememberSignupChoice('seeking_gender', 'male');
    const { member, calls } = await suggest(true);
    expect(member?.name).toBe('Fleur');
    expect(calls.map((c) => c.url.split('?')[0])).toEqual(['/api/signup-matches.php']);
  });
});
