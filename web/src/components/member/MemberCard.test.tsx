import { screen, within } from '@testing-library/react';
import type { ProfileCard } from '@app/contract';
import { renderRoutes } from '../../test/render';
import { profileCardFixture } from '../../test/fixtures';
import { MemberCard } from './MemberCard';

const daan: ProfileCard = {
  ...profileCardFixture,
  id: 12,
  name: 'Daan',
  fictional: false,
  verified: false,
  main_image: {
    id: 31,
    filename: '/media/photos/31-card.webp?e=1&s=a',
    thumb_filename: '/media/photos/31-thumb.webp?e=1&s=a',
    status: 'active',
    match: '/media/photos/31-card.webp?e=1&s=a',
    locked: false,
  },
};

describe('MemberCard', () => {
  it("shows the main photo's card size, loaded lazily, named after the member", () => {
    renderRoutes(<MemberCard member={daan} />);
    const card = screen.getByTestId('member-card');
    const photo = within(card).getByRole('img', { name: 'Foto van Daan' });
    expect(photo).toHaveAttribute('src', '/media/photos/31-card.webp?e=1&s=a');
    expect(photo).toHaveAttribute('loading', 'lazy');
    expect(within(card).queryByTestId('member-avatar-locked')).toBeNull();
    expect(card).toHaveAttribute('href', '/members/12');
  });

  it('shows a locked main photo as the blurred thumbnail under a lock', () => {
    const blurred = '/media/photos/31-blur.webp?e=1&s=a';
    renderRoutes(
      <MemberCard
        member={{
          ...daan,
          main_image: {
            ...daan.main_image!,
            filename: blurred,
            thumb_filename: blurred,
            locked: true,
          },
        }}
      />,
    );
    const locked = screen.getByTestId('member-avatar-locked');
    expect(within(locked).getByRole('img', { name: 'Vergrendelde foto van Daan' })).toHaveAttribute(
      'src',
      blurred,
    );
    expect(locked.querySelector('.photo-lock svg')).not.toBeNull();
  });

  it('shows the initial on a gradient when there is no photo', () => {
    renderRoutes(<MemberCard member={{ ...daan, main_image: null }} />);
    const card = screen.getByTestId('member-card');
    expect(within(card).queryByRole('img')).toBeNull();
    expect(card.querySelector('.member-avatar')).toHaveTextContent('D');
  });

  it('carries the verified badge with an accessible explanation, and never on a chat pal', () => {
    const { unmount } = renderRoutes(<MemberCard member={{ ...daan, verified: true }} />);
    const badge = within(screen.getByTestId('member-card')).getByTestId('verified-badge');
    expect(badge).toHaveTextContent('Geverifieerd');
    expect(badge).toHaveTextContent(/een moderator heeft een selfie van dit lid vergeleken/);
    unmount();
    renderRoutes(<MemberCard member={{ ...daan, verified: false }} />);
    expect(screen.queryByTestId('verified-badge')).toBeNull();
  });
});
