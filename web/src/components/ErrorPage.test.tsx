import { screen } from '@testing-library/react';
import { ErrorPage } from './ErrorPage';
import { renderRoutes, seededQueryClient } from '../test/render';
import { createRoutes } from '../app/router';

describe('ErrorPage', () => {
  it('shows 404 with the not-found text and a link home', async () => {
    renderRoutes(<ErrorPage status={404} />);
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'This page could not be found' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Deze pagina bestaat niet (meer) of is verplaatst.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de startpagina' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  it('shows status 500 and the generic message when given nothing', async () => {
    renderRoutes(<ErrorPage />);
    expect(await screen.findByText('500')).toBeInTheDocument();
    expect(
      screen.getByText('Er is een fout opgetreden, probeer het later opnieuw.'),
    ).toBeInTheDocument();
  });

  it('shows the message it is given for other statuses', async () => {
    renderRoutes(<ErrorPage status={403} message="Geen toegang" />);
    expect(await screen.findByText('403')).toBeInTheDocument();
    expect(screen.getByText('Geen toegang')).toBeInTheDocument();
  });

  it('shows the 404 page with a link home for an unknown route', async () => {
    const queryClient = seededQueryClient();
    renderRoutes(createRoutes(queryClient), { path: '/this/route/does-not-exist', queryClient });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terug naar de startpagina' })).toHaveAttribute(
      'href',
      '/',
    );
    // inside the default layout: the footer is there too
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
