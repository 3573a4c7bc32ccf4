import { LANDERS } from '@app/contract';
import { matchPublicPage } from './PublicApp';

describe('which addresses the public entry serves', () => {
  it('serves the home page and every lander, with or without a slug', () => {
    expect(matchPublicPage('/')).toEqual({ page: 'home', params: {} });
    for (const name of LANDERS) {
      expect(matchPublicPage(`/landers/${name}`)).toEqual({
        page: 'lander',
        params: { name, slug: undefined },
      });
      expect(matchPublicPage(`/landers/${name}/zomer%20actie`)).toEqual({
        page: 'lander',
        params: { name, slug: 'zomer actie' },
      });
    }
  });

  it("serves a member's three landings, a slug only on the second and third as the app's routes", () => {
    expect(matchPublicPage('/members/41/landing')).toEqual({
      page: 'member-landing',
      params: { id: '41', landing: 'landing', slug: undefined },
    });
    expect(matchPublicPage('/members/41/landing3/spring')).toEqual({
      page: 'member-landing',
      params: { id: '41', landing: 'landing3', slug: 'spring' },
    });
    expect(matchPublicPage('/members/41/landing/spring')).toBeNull();
  });

  it('leaves every other address to the app', () => {
    for (const path of [
      '/login',
      '/signup',
      '/members',
      '/members/41',
      '/landers/unknown',
      '/terms',
    ]) {
      expect(matchPublicPage(path)).toBeNull();
    }
  });
});
