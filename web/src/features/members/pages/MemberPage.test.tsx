import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MemberProfile, MemberResponse, User } from '@app/contract';
import { createRoutes } from '../../../app/router';
import type { LikeResponse } from '@app/contract';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import {
  memberProfileFixture,
  memberWithPhotosFixture,
  memberWithPhotosResponseFixture,
  settingsFixture,
  settingsResponseFixture,
  userFixture,
} from '../../../test/fixtures';
import { settingsQueryKey } from '../../../api/settings';

const daan = memberWithPhotosFixture;
const freeMember: User = { ...userFixture, paid_user: false };
const asVisitor: MemberResponse = {
  ...memberWithPhotosResponseFixture,
  profile: { ...daan, relation: null },
};
/** Daan as a premium member sees him: every photo open. */
const premiumView: MemberResponse = {
  ...memberWithPhotosResponseFixture,
  profile: {
    ...daan,
    photos: [
      daan.photos[0],
      {
        id: 32,
        locked: false,
        main: false,
        thumb_url: '/media/photos/32-thumb.webp?e=1&s=a',
        card_url: '/media/photos/32-card.webp?e=1&s=a',
        full_url: '/media/photos/32-full.webp?e=1&s=a',
        width: 1600,
        height: 1200,
      },
    ],
  },
};

function renderProfile(
  user: User | null,
  routes: Record<string, Responder>,
  path = `/members/${daan.id}`,
) {
  const fetch = mockFetch(routes);
  const queryClient = seededQueryClient(user);
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered, user: userEvent.setup() };
}

const answer = (data: MemberResponse) => () => jsonResponse(200, data);
const withRelation = (relation: MemberProfile['relation']): MemberResponse => ({
  ...memberWithPhotosResponseFixture,
  profile: { ...daan, relation },
});

describe('the member profile page', () => {
  it('shows only the fields and notes the settings visible_profile_fields and visible_profile_notes name', async () => {
    const fetch = mockFetch({ 'GET /api/member.php': answer(asVisitor) });
    const queryClient = seededQueryClient(null);
    queryClient.setQueryData(settingsQueryKey, {
      ...settingsResponseFixture,
      settings: {
        ...settingsFixture,
        visible_profile_fields: ['gender', 'city', 'relationship_status'],
        visible_profile_notes: [],
      },
    });
    renderRoutes(createRoutes(queryClient), { path: `/members/${daan.id}`, queryClient });
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'Daan' },
      { timeout: 10_000 },
    );
    const header = within(heading.closest('header') as HTMLElement);
    // no age, no region: the city alone
    expect(header.getByText('Amersfoort')).toBeInTheDocument();
    expect(header.queryByText(/34 jaar/)).toBeNull();
    const details = within(screen.getByRole('region', { name: 'Profielgegevens' }));
    expect(details.getByText('Burgerlijke staat')).toBeInTheDocument();
    expect(details.queryByText('Haarkleur')).toBeNull();
    expect(details.queryByText('Tatoeages')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Interesses' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Over Daan' })).toBeNull();
    expect(screen.queryByText(daan.about!)).toBeNull();
    expect(fetch.calls.length).toBeGreaterThan(0);
  }, 30_000);

  describe('for a visitor', () => {
    it('shows the header facts, fields, interests, about me and related profiles', async () => {
      renderProfile(null, { 'GET /api/member.php': answer(asVisitor) });
      const heading = await screen.findByRole('heading', { level: 1, name: 'Daan' });
      const header = within(heading.closest('header') as HTMLElement);
      expect(header.getByText(/34 jaar/)).toHaveTextContent('34 jaar · Amersfoort, Utrecht');
      expect(header.getByTestId('online-state')).toHaveTextContent('Offline');
      expect(header.getByText("Foto's: 3")).toBeInTheDocument();
      expect(header.queryByTestId('fictional-badge')).toBeNull();
      expect(within(screen.getByRole('main')).queryByRole('note')).toBeNull();

      const details = within(screen.getByRole('region', { name: 'Profielgegevens' }));
      expect(details.getByText('Haarkleur').nextSibling).toHaveTextContent('Donkerbruin');
      expect(details.getByText('Burgerlijke staat').nextSibling).toHaveTextContent('Gescheiden');
      expect(details.getByText('Op zoek naar').nextSibling).toHaveTextContent(
        'Een serieuze relatie',
      );
      expect(details.getByText('Tatoeages').nextSibling).toHaveTextContent('Ja');

      const interests = within(screen.getByRole('region', { name: 'Interesses' }));
      expect(interests.getByText('Wandelen').closest('li')).toHaveTextContent('🥾');
      expect(interests.getByText('Koffie')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Over Daan' })).toHaveTextContent(
        'Fietser, koffieliefhebber',
      );
      const related = screen.getByRole('region', { name: /Misschien vind je deze leden/ });
      expect(within(related).getByTestId('member-card')).toHaveAttribute('href', '/members/7');
    });

    it('answers a like with the login-required message instead of calling like.php', async () => {
      const { calls, user } = renderProfile(null, { 'GET /api/member.php': answer(asVisitor) });
      await user.click(await screen.findByRole('button', { name: 'Liken' }));
      const dialog = screen.getByRole('dialog', { name: 'Log in om verder te gaan' });
      expect(dialog).toHaveTextContent('Log in of meld je gratis aan om Daan te liken.');
      expect(within(dialog).getByRole('link', { name: 'Inloggen' })).toHaveAttribute(
        'href',
        '/login?redirect=%2Fmembers%2F12',
      );
      expect(within(dialog).getByRole('link', { name: 'Gratis aanmelden' })).toHaveAttribute(
        'href',
        '/members/12/signup',
      );
      expect(calls.some((call) => call.url.includes('like.php'))).toBe(false);

      await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
      await user.click(screen.getByRole('button', { name: 'Cadeau sturen' }));
      expect(screen.getByRole('dialog')).toHaveTextContent(
        'Log in of meld je gratis aan om Daan een cadeau te sturen.',
      );
    });

    it('shows locked photos blurred, with login and signup instead of premium, and no block button', async () => {
      renderProfile(null, { 'GET /api/member.php': answer(asVisitor) });
      const gallery = within(await screen.findByRole('region', { name: "Foto's" }));
      expect(gallery.getByRole('img', { name: 'Vergrendelde foto 2 van Daan' })).toHaveAttribute(
        'src',
        daan.photos[1].thumb_url,
      );
      expect(gallery.getByText("Vergrendelde foto's: 2")).toBeInTheDocument();
      expect(gallery.getByText(/meer foto's van Daan te zien/)).toBeInTheDocument();
      expect(gallery.getByRole('link', { name: 'Inloggen' })).toHaveAttribute(
        'href',
        '/login?redirect=%2Fmembers%2F12',
      );
      expect(gallery.queryByRole('link', { name: /premium/i })).toBeNull();
      expect(screen.queryByRole('button', { name: /Blokkeren/ })).toBeNull();
      expect(screen.getByRole('link', { name: /Profiel melden/ })).toHaveAttribute(
        'href',
        '/complaints?about=member&member=12',
      );
    });
  });

  describe('for a free member', () => {
    it('shows locked thumbnails with the premium call, a message link to the chat and a gift button', async () => {
      renderProfile(freeMember, { 'GET /api/member.php': answer(memberWithPhotosResponseFixture) });
      const gallery = within(await screen.findByRole('region', { name: "Foto's" }));
      expect(gallery.getAllByRole('img', { name: /Vergrendelde foto/ })).toHaveLength(2);
      // a locked photo opens nothing: only the open one is a button
      expect(gallery.getAllByRole('button')).toHaveLength(1);
      expect(
        gallery.getByRole('link', { name: "Word premium om alle foto's te zien" }),
      ).toHaveAttribute('href', '/premium');
      expect(screen.getByRole('link', { name: /Bericht sturen/ })).toHaveAttribute(
        'href',
        '/members/12/chat',
      );
      // the gift button opens the gift picker (ChatRoutes.test.tsx follows the gift)
      expect(screen.getByRole('button', { name: /Cadeau sturen/ })).toHaveAttribute(
        'aria-haspopup',
        'dialog',
      );
    });

    it('opens the unlocked main photo in the lightbox, with a report link for it', async () => {
      const { user } = renderProfile(freeMember, {
        'GET /api/member.php': answer(memberWithPhotosResponseFixture),
      });
      await user.click(
        await screen.findByRole('button', { name: 'Profielfoto van Daan vergroten' }),
      );
      const dialog = screen.getByRole('dialog', { name: "Foto's van Daan" });
      expect(within(dialog).getByRole('img', { name: 'Foto 1 van Daan' })).toHaveAttribute(
        'src',
        daan.photos[0].full_url,
      );
      expect(within(dialog).getByText('Foto 1 van 1')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Volgende foto' })).toBeNull();
      expect(within(dialog).getByRole('link', { name: /Deze foto melden/ })).toHaveAttribute(
        'href',
        '/complaints?about=photo&member=12&photo=31',
      );
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('likes and unlikes through like.php, and celebrates a match', async () => {
      const { calls, user } = renderProfile(freeMember, {
        'GET /api/member.php': answer(memberWithPhotosResponseFixture),
        'POST /api/like.php': () =>
          jsonResponse(200, { liked: true, match: true } satisfies LikeResponse),
        'DELETE /api/like.php': () =>
          jsonResponse(200, { liked: false, match: false } satisfies LikeResponse),
      });
      await user.click(await screen.findByRole('button', { name: 'Liken' }));
      // the Match modal opens over the page; closed, the page still says it is a match
      const modal = await screen.findByRole('dialog', { name: 'Het is een match!' });
      expect(within(modal).getByText('Jij en Daan vinden elkaar leuk.')).toBeInTheDocument();
      await user.click(within(modal).getByRole('button', { name: 'Sluiten' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.getByText('Het is een match!')).toBeInTheDocument();
      const post = calls.find((call) => call.method === 'POST');
      expect(post?.body).toEqual({ member: 12 });
      expect(post?.headers['X-Request-Type']).toBe('client');

      await user.click(screen.getByRole('button', { name: 'Like intrekken' }));
      expect(await screen.findByRole('button', { name: 'Liken' })).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ member: 12 });
      expect(screen.queryByText('Het is een match!')).toBeNull();
    });

    it('tells the member who likes them already', async () => {
      renderProfile(freeMember, {
        'GET /api/member.php': answer(
          withRelation({ blocked: false, liked: false, liked_by: true }),
        ),
      });
      expect(await screen.findByText(/Daan vindt jou leuk/)).toBeInTheDocument();
    });
  });

  it('lets a premium member page through every photo with the buttons and the arrow keys', async () => {
    const { user } = renderProfile(userFixture, { 'GET /api/member.php': answer(premiumView) });
    await user.click(
      await screen.findByRole('button', { name: 'Foto 1 van Daan vergroten Profielfoto' }),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Volgende foto' }));
    expect(within(dialog).getByRole('img', { name: 'Foto 2 van Daan' })).toHaveAttribute(
      'src',
      '/media/photos/32-full.webp?e=1&s=a',
    );
    expect(within(dialog).getByRole('link', { name: /Deze foto melden/ })).toHaveAttribute(
      'href',
      '/complaints?about=photo&member=12&photo=32',
    );
    await user.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('Foto 1 van 2')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(within(dialog).getByText('Foto 2 van 2')).toBeInTheDocument();
  });

  describe('blocking', () => {
    it('asks first, blocks through block.php and then shows the blocked state without contact buttons', async () => {
      const { calls, user } = renderProfile(freeMember, {
        'GET /api/member.php': answer(memberWithPhotosResponseFixture),
        'POST /api/block.php': () => jsonResponse(200, { ok: true }),
        'DELETE /api/block.php': () => jsonResponse(200, { ok: true }),
      });
      await user.click(await screen.findByRole('button', { name: /Blokkeren/ }));
      let dialog = screen.getByRole('dialog', { name: 'Daan blokkeren?' });
      expect(dialog).toHaveTextContent('kan jouw profiel dan niet meer bekijken');
      // cancelling sends nothing
      await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
      expect(calls.some((call) => call.url.includes('block.php'))).toBe(false);

      await user.click(screen.getByRole('button', { name: /Blokkeren/ }));
      dialog = screen.getByRole('dialog', { name: 'Daan blokkeren?' });
      await user.click(within(dialog).getByRole('button', { name: 'Ja, blokkeren' }));
      expect(await screen.findByText('Je hebt Daan geblokkeerd')).toBeInTheDocument();
      const post = calls.find((call) => call.method === 'POST' && call.url.includes('block.php'));
      expect(post?.body).toEqual({ member: 12 });
      expect(post?.headers['X-Request-Type']).toBe('client');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Liken' })).toBeNull();
      expect(screen.queryByRole('link', { name: /Bericht sturen/ })).toBeNull();
      expect(screen.queryByRole('link', { name: /Cadeau sturen/ })).toBeNull();

      // unblocking is confirmed too, and brings the buttons back
      await user.click(screen.getByRole('button', { name: 'Deblokkeren' }));
      dialog = screen.getByRole('dialog', { name: 'Daan deblokkeren?' });
      await user.click(within(dialog).getByRole('button', { name: 'Ja, deblokkeren' }));
      expect(await screen.findByRole('button', { name: 'Liken' })).toBeInTheDocument();
      expect(
        calls.find((call) => call.method === 'DELETE' && call.url.includes('block.php'))?.body,
      ).toEqual({ member: 12 });
    });

    it('keeps the confirmation open with the server message when blocking fails', async () => {
      const { user } = renderProfile(freeMember, {
        'GET /api/member.php': answer(memberWithPhotosResponseFixture),
        'POST /api/block.php': () =>
          jsonResponse(400, {
            error: 'cannot_block_self',
            message: 'Je kunt jezelf niet blokkeren.',
          }),
      });
      await user.click(await screen.findByRole('button', { name: /Blokkeren/ }));
      await user.click(screen.getByRole('button', { name: 'Ja, blokkeren' }));
      const dialog = screen.getByRole('dialog', { name: 'Daan blokkeren?' });
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'Je kunt jezelf niet blokkeren.',
      );
      expect(screen.getByRole('button', { name: 'Liken' })).toBeInTheDocument();
    });

    it('opens an already blocked profile in the blocked state', async () => {
      renderProfile(freeMember, {
        'GET /api/member.php': answer(
          withRelation({ blocked: true, liked: false, liked_by: false }),
        ),
      });
      expect(await screen.findByText('Je hebt Daan geblokkeerd')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Deblokkeren' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Liken' })).toBeNull();
    });
  });

  it('marks a fictional profile with the badge and the notice, for visitors and members', async () => {
    for (const viewer of [null, freeMember]) {
      const { unmount } = renderProfile(
        viewer,
        {
          'GET /api/member.php': answer({
            profile: {
              ...memberProfileFixture,
              relation: viewer ? memberWithPhotosFixture.relation : null,
            },
            related: [],
          }),
        },
        '/members/7',
      );
      const heading = await screen.findByRole('heading', { level: 1, name: 'Mila' });
      const header = heading.closest('header') as HTMLElement;
      expect(within(header).getByTestId('fictional-badge')).toHaveTextContent('chatmaatje');
      expect(within(screen.getByRole('main')).getByRole('note')).toHaveTextContent(
        settingsFixture.fictional_warning,
      );
      // no photos: the initial stands in for the main photo, and the gallery says so
      expect(screen.getByText("Mila heeft nog geen foto's geplaatst.")).toBeInTheDocument();
      unmount();
    }
  });

  it('shows the own profile with an edit link instead of the contact buttons', async () => {
    renderProfile(
      userFixture,
      {
        'GET /api/member.php': answer({
          ...memberWithPhotosResponseFixture,
          profile: { ...daan, id: userFixture.profile.id, name: 'Sanne' },
        }),
      },
      `/members/${userFixture.profile.id}`,
    );
    expect(await screen.findByRole('link', { name: /Mijn profiel bewerken/ })).toHaveAttribute(
      'href',
      '/profile',
    );
    expect(screen.queryByRole('button', { name: 'Liken' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Blokkeren/ })).toBeNull();
  });

  it('says kindly that a profile that is not visible is not available', async () => {
    renderProfile(freeMember, {
      'GET /api/member.php': () =>
        jsonResponse(404, { error: 'not_found', message: 'Niet gevonden' }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Dit profiel is niet (meer) beschikbaar' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Andere leden bekijken' })).toHaveAttribute(
      'href',
      '/members',
    );
  });

  it('offers to try again when the profile cannot be loaded', async () => {
    let fail = true;
    renderProfile(freeMember, {
      'GET /api/member.php': () =>
        fail
          ? jsonResponse(400, { error: 'validation_failed', message: 'x' })
          : jsonResponse(200, memberWithPhotosResponseFixture),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Dit profiel kon niet worden geladen');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Daan' })).toBeVisible();
  });

  it('shows a loading skeleton while the profile loads', async () => {
    renderProfile(freeMember, { 'GET /api/member.php': () => new Promise(() => undefined) });
    expect(await screen.findByRole('status', { name: 'Profiel laden…' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  });

  it('is also the profile page of the likes pages (/likes/m/{id})', async () => {
    const { calls } = renderProfile(
      freeMember,
      { 'GET /api/member.php': answer(memberWithPhotosResponseFixture) },
      '/likes/m/12',
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Daan' })).toBeVisible();
    expect(screen.getByRole('link', { name: /Terug naar je likes/ })).toHaveAttribute(
      'href',
      '/likes',
    );
    expect(calls.find((call) => call.url.includes('member.php'))?.url).toContain('id=12');
  });
});

describe('members in the related grid', () => {
  it('go to their own profile page', async () => {
    const { router, user } = renderProfile(freeMember, {
      'GET /api/member.php': ({ url }) =>
        url.includes('id=7')
          ? jsonResponse(200, {
              profile: { ...memberProfileFixture, relation: daan.relation },
              related: [],
            })
          : jsonResponse(200, memberWithPhotosResponseFixture),
    });
    await user.click(await screen.findByTestId('member-card'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Mila' })).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/members/7'));
  });
});
