import { LANDERS, STATIC_PAGES, TOKEN_PAGES } from '@app/contract';
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

  it('serves the pages a visitor opens before logging in: login, signup, prices, the static pages and the search', () => {
    expect(matchPublicPage('/login')).toEqual({ page: 'app', name: 'login', params: {} });
    expect(matchPublicPage('/signup')).toEqual({ page: 'app', name: 'signup', params: {} });
    expect(matchPublicPage('/pricing')).toEqual({ page: 'app', name: 'pricing', params: {} });
    expect(matchPublicPage('/premium')).toEqual({ page: 'app', name: 'premium', params: {} });
    expect(matchPublicPage('/members')).toEqual({ page: 'app', name: 'members', params: {} });
    for (const name of Object.keys(STATIC_PAGES)) {
      expect(matchPublicPage(`/${name}`)).toEqual({ page: 'app', name, params: {} });
    }
    for (const token of TOKEN_PAGES) {
      expect(matchPublicPage(`/${token}`)).toEqual({
        page: 'app',
        name: 'token',
        params: { token },
      });
    }
    expect(matchPublicPage('/login/')).toEqual({ page: 'app', name: 'login', params: {} });
  });

  it('leaves every other address to the app', () => {
    for (const path of [
      '/members/41',
      '/landers/unknown',
      '/credits',
      '/profile',
      '/chats',
      '/no-such-page',
      '/reset-password',
      '/admin/login',
    ]) {
      expect(matchPublicPage(path)).toBeNull();
    }
  });
});
