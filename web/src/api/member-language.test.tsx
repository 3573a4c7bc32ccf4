import { waitFor } from '@testing-library/react';
import i18n from '../i18n';
import { readLocaleCookie } from '../i18n/choose-locale';
import { useMemberLanguage } from './user';
import { renderRoutes, seededQueryClient } from '../test/render';
import { userFixture } from '../test/fixtures';

function MemberLanguage() {
  useMemberLanguage();
  return null;
}

describe("the member's stored language", () => {
  beforeEach(() => {
    document.cookie = 'locale=; path=/; max-age=0';
  });
  afterEach(async () => {
    document.cookie = 'locale=; path=/; max-age=0';
    await i18n.changeLanguage('nl');
  });

  it('shows the site in the language the account keeps, in any browser', async () => {
    renderRoutes(<MemberLanguage />, {
      queryClient: seededQueryClient({ ...userFixture, language: 'de' }),
    });
    await waitFor(() => expect(i18n.language).toBe('de'));
    expect(readLocaleCookie()).toBe('de');
  });

  it("replaces a visitor's earlier choice in this browser once the member logs in", async () => {
    document.cookie = 'locale=en; path=/';
    await i18n.changeLanguage('en');
    renderRoutes(<MemberLanguage />, {
      queryClient: seededQueryClient({ ...userFixture, language: 'it' }),
    });
    await waitFor(() => expect(i18n.language).toBe('it'));
    expect(readLocaleCookie()).toBe('it');
  });

  it("leaves a visitor's language alone", async () => {
    document.cookie = 'locale=fr; path=/';
    await i18n.changeLanguage('fr');
    renderRoutes(<MemberLanguage />, { queryClient: seededQueryClient(null) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(i18n.language).toBe('fr');
    expect(readLocaleCookie()).toBe('fr');
  });
});
