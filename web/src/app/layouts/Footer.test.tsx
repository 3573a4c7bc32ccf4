import { cleanup, screen, within } from '@testing-library/react';
import i18n from '../../i18n';
import { Footer } from './Footer';
import { renderRoutes } from '../../test/render';

describe('Footer', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('nl');
  });

  it('shows all the footer links and the company details', async () => {
    renderRoutes(<Footer />);
    const footer = await screen.findByRole('contentinfo');
    const expected: [string, string][] = [
      ['Algemene voorwaarden', '/terms'],
      ['Privacybeleid', '/privacy'],
      ['Cookiebeleid', '/cookies'],
      ['Blokkeerbeleid', '/ban'],
      ['Prijzen', '/pricing'],
      ['Klachten', '/complaints'],
      ['Retourbeleid', '/return-policy'],
      ['Veelgestelde vragen', '/faq'],
      ['Klantenservice', '/service'],
      ['Over ons', '/about'],
      ['Contact', '/contact'],
      ['Veilig daten', '/safe-dating'],
      ['Disclaimer', '/disclaimer'],
    ];
    for (const [name, href] of expected) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    const company = within(footer).getByTestId('company-info');
    expect(company).toHaveTextContent('Vonkje B.V.');
    expect(company).toHaveTextContent('Keizersgracht 1');
    expect(company).toHaveTextContent('KvK-nummer: 12345678');
  });

  it('shows the US footer only for the English locale', async () => {
    const { unmount } = renderRoutes(<Footer />);
    await screen.findByRole('contentinfo');
    expect(screen.queryByTestId('us-footer')).not.toBeInTheDocument();
    unmount();

    await i18n.changeLanguage('en');
    renderRoutes(<Footer />);
    expect(await screen.findByTestId('us-footer')).toHaveTextContent(
      'For visitors from the United States',
    );
    expect(screen.getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/terms',
    );
  });
});
