import { cleanup, screen, within } from '@testing-library/react';
import { SITE_COOKIES, SUPPORTED_LANGUAGES } from '@app/contract';
import i18n from '../../../i18n';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { companyInfoQueryKey } from '../../../api/companyinfo';
import { settingsQueryKey } from '../../../api/settings';
import { settingsFixture, settingsResponseFixture } from '../../../test/fixtures';
import {
  BanPage,
  CookiesPage,
  FaqPage,
  PrivacyPage,
  ReturnPolicyPage,
  TermsPage,
  TokenPage,
} from '.';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('nl');
});

describe('the static pages', () => {
  it("show the terms with their version date, the fictional-profile disclosure and the company's details", async () => {
    renderRoutes(<TermsPage />);
    // the company was added on 2024-01-01, after 2023-12-01T12:00:00Z
    expect(await screen.findByTestId('terms-version')).toHaveTextContent(
      'Versie / laatst gewijzigd: 1 januari 2024',
    );
    expect(
      screen.getByRole('heading', { name: '3. Fictieve profielen (chatmaatjes)' }),
    ).toBeVisible();
    const company = screen.getByTestId('static-company');
    expect(company).toHaveTextContent('Vonkje B.V.');
    expect(company).toHaveTextContent('KvK-nummer: 12345678');
    expect(company).toHaveTextContent('Keizersgracht 1');
    expect(screen.getByRole('heading', { level: 1, name: 'Algemene voorwaarden' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Inhoud' })).toBeVisible();
  });

  it('write the version date in the language shown', async () => {
    await i18n.changeLanguage('en');
    renderRoutes(<TermsPage />);
    expect(await screen.findByTestId('terms-version')).toHaveTextContent(
      'Version / last updated: January 1, 2024',
    );
  });

  it('show the privacy statement with the date of its version in force, which says what the consent log keeps', async () => {
    renderRoutes(<PrivacyPage />);
    expect(await screen.findByTestId('terms-version')).toHaveTextContent(
      'Versie / laatst gewijzigd: 29 november 2026',
    );
    expect(
      screen.getByText(/^Je toestemmingen: met welke versie van de algemene voorwaarden/),
    ).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: '5. Met wie we gegevens delen' })).getByText(
        /^partnersites, alleen als je dat zelf aanzet/,
      ),
    ).toBeVisible();
  });

  it('link the privacy statement to the data export and the account deletion', async () => {
    renderRoutes(<PrivacyPage />);
    await screen.findByTestId('static-page-privacy');
    const rights = screen.getByRole('region', { name: '8. Jouw rechten' });
    expect(within(rights).getAllByRole('link', { name: 'Mijn account' })[0]).toHaveAttribute(
      'href',
      '/account',
    );
    expect(within(rights).getByRole('link', { name: 'Account verwijderen' })).toHaveAttribute(
      'href',
      '/account/delete',
    );
  });

  it.each(SUPPORTED_LANGUAGES)(
    "credit DB-IP, whose database tells a visitor's country, with a link in the privacy statement (%s)",
    async (language) => {
      await i18n.changeLanguage(language);
      renderRoutes(<PrivacyPage />);
      await screen.findByTestId('static-page-privacy');
      expect(screen.getByRole('link', { name: 'IP Geolocation by DB-IP' })).toHaveAttribute(
        'href',
        'https://db-ip.com',
      );
    },
  );

  it('list every cookie and storage key of the contract on the cookie page', async () => {
    renderRoutes(<CookiesPage />);
    const table = await screen.findByTestId('cookie-table');
    for (const cookie of SITE_COOKIES) expect(table).toHaveTextContent(cookie.name);
    expect(within(table).getAllByTestId('cookie-row')).toHaveLength(SITE_COOKIES.length);
    expect(table).toHaveTextContent('30 dagen');
    expect(table).not.toHaveTextContent('cookies.purpose');
  });

  it('fill the refund days into the return policy', async () => {
    renderRoutes(<ReturnPolicyPage />);
    expect(await screen.findByRole('heading', { name: 'Bedenktijd van 14 dagen' })).toBeVisible();
  });

  it('say in the FAQ what free members see of likes and visitors, from the live settings', async () => {
    renderRoutes(<FaqPage />);
    await screen.findByTestId('static-page-faq');
    expect(
      screen.getByText(/^Likes: je ziet hoeveel leden je leuk vinden en wanneer, maar niet wie/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Bezoekers: je ziet hoeveel leden je profiel bekeken en wanneer/),
    ).toBeInTheDocument();
    cleanup();

    const queryClient = seededQueryClient();
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: { ...settingsFixture, free_members_see_likes: 'everything' },
    });
    renderRoutes(<FaqPage />, { queryClient });
    await screen.findByTestId('static-page-faq');
    expect(
      screen.getByText('Likes: je ziet wie je leuk vinden, ook als gratis lid.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Likes: je ziet hoeveel/)).toBeNull();
    expect(screen.getByText(/^Bezoekers: je ziet hoeveel/)).toBeInTheDocument();
  });

  it("state the site's live chat history limit and refund days, not a fixed number", async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: { ...settingsFixture, chat_history_days: 90, refund_days: 30 },
    });
    renderRoutes(<PrivacyPage />, { queryClient });
    await screen.findByTestId('static-page-privacy');
    expect(
      screen.getByText(
        'Chatberichten ouder dan 90 dagen tonen we om privacyredenen niet meer in de chat.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/365/)).toBeNull();
    cleanup();

    renderRoutes(<FaqPage />, { queryClient });
    await screen.findByTestId('static-page-faq');
    expect(
      screen.getByText(/berichten ouder dan 90 dagen niet meer in de chat/),
    ).toBeInTheDocument();
    expect(screen.getByText(/binnen 30 dagen na aankoop terug/)).toBeInTheDocument();
    cleanup();

    renderRoutes(<ReturnPolicyPage />, { queryClient });
    expect(await screen.findByRole('heading', { name: 'Bedenktijd van 30 dagen' })).toBeVisible();
  });

  it("state the site's live boost price in the FAQ", async () => {
    const queryClient = seededQueryClient();
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: { ...settingsFixture, boost_credits: 75 },
    });
    renderRoutes(<FaqPage />, { queryClient });
    await screen.findByTestId('static-page-faq');
    expect(
      screen.getByText(/Een boost kost 75 credits; premium-leden krijgen elke 7 dagen/),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/30 minuten bovenaan in de zoekresultaten van je regio/),
    ).toBeInTheDocument();
  });

  it('show the questions of the FAQ as disclosures', async () => {
    const { container } = renderRoutes(<FaqPage />);
    await screen.findByTestId('static-page-faq');
    expect(container.querySelectorAll('details summary').length).toBeGreaterThanOrEqual(12);
    expect(screen.getByText('Wat is een chatmaatje?')).toBeInTheDocument();
  });

  it('show the token page the path names', async () => {
    renderRoutes([{ path: '/:token', element: <TokenPage /> }], { path: '/safe-dating' });
    await screen.findByTestId('static-page-safeDating');
    expect(screen.getByRole('heading', { level: 1, name: 'Veilig daten' })).toBeVisible();
  });

  it('tell a banned member first that the account is banned', async () => {
    renderRoutes(<BanPage />, { path: '/ban?account=banned' });
    await screen.findByTestId('ban-page');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Je account is geblokkeerd' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Een medewerker heeft je account geblokkeerd',
    );
  });

  it('offer a retry when the company details cannot be loaded', async () => {
    const queryClient = seededQueryClient();
    queryClient.removeQueries({ queryKey: companyInfoQueryKey });
    const fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('{"error":"not_found"}', { status: 404 }));
    renderRoutes(<TermsPage />, { queryClient });
    expect(
      await screen.findByRole('button', { name: 'Opnieuw proberen' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'De bedrijfsgegevens konden niet worden geladen',
    );
    fetchMock.mockRestore();
  });
});
