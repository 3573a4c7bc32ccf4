import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OwnPhotosResponse, User } from '@app/contract';
import * as photosApi from '../api/photos';
import { ApiError } from '../../../api/client';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, type Responder } from '../../../test/http';
import { userFixture } from '../../../test/fixtures';
import { PhotoManager } from './PhotoManager';
import { ProfilePhotoAlert } from './ProfilePhotoAlert';

const photo = (id: number, extra: Partial<OwnPhotosResponse['photos'][number]> = {}) => ({
  id,
  status: 'active' as const,
  main: false,
  rejected_reason: null,
  thumb_url: `/media/photos/p${id}-thumb.webp?e=1&v=o&s=x`,
  card_url: `/media/photos/p${id}-card.webp?e=1&v=o&s=x`,
  full_url: `/media/photos/p${id}-full.webp?e=1&v=o&s=x`,
  width: 800,
  height: 800,
  created_at: '2026-11-20T10:00:00.000Z',
  ...extra,
});

const freeUser: User = { ...userFixture, paid_user: false };

function renderManager(routes: Record<string, Responder>, user: User = freeUser) {
  const fetch = mockFetch(routes);
  renderRoutes(<PhotoManager />, { queryClient: seededQueryClient(user) });
  return { ...fetch, user: userEvent.setup() };
}

const file = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

afterEach(() => jest.restoreAllMocks());

describe('the photo manager of the profile editor', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows each photo with its state, the main photo and the rejection reason', async () => {
    renderManager({
      'GET /api/photos.php': () =>
        jsonResponse(200, {
          photos: [
            photo(1, { main: true }),
            photo(2, { status: 'under_inspection' }),
            photo(3, { status: 'rejected', rejected_reason: 'Er staat geen persoon op.' }),
          ],
          max_photos: 3,
          has_main_image: true,
        } satisfies OwnPhotosResponse),
    });
    const tiles = await screen.findAllByTestId('own-photo');
    expect(tiles).toHaveLength(3);
    expect(within(tiles[0]).getByText('Hoofdfoto')).toBeInTheDocument();
    expect(within(tiles[0]).getByText('Actief')).toBeInTheDocument();
    expect(within(tiles[1]).getByText('Wordt gecontroleerd')).toBeInTheDocument();
    expect(within(tiles[1]).getByRole('button', { name: 'Maak hoofdfoto' })).toBeEnabled();
    expect(within(tiles[2]).getByText('Reden: Er staat geen persoon op.')).toBeInTheDocument();
    expect(within(tiles[2]).queryByRole('button', { name: 'Maak hoofdfoto' })).toBeNull();
    expect(screen.getByTestId('photo-count')).toHaveTextContent("3 van 3 foto's");
  });

  it('tells a free member at the limit, and offers premium for more', async () => {
    renderManager({
      'GET /api/photos.php': () =>
        jsonResponse(200, {
          photos: [photo(1, { main: true }), photo(2), photo(3)],
          max_photos: 3,
          has_main_image: true,
        }),
    });
    const limit = await screen.findByTestId('photo-limit');
    expect(limit).toHaveTextContent("Je hebt het maximum van 3 foto's bereikt");
    expect(
      within(limit).getByRole('link', { name: "Word premium voor tot 25 foto's" }),
    ).toHaveAttribute('href', '/premium');
    expect(screen.queryByTestId('photo-input')).toBeNull();
  });

  it('deletes a photo only after confirmation', async () => {
    let photos = [photo(1, { main: true }), photo(2)];
    const { calls, user } = renderManager({
      'GET /api/photos.php': () =>
        jsonResponse(200, { photos, max_photos: 3, has_main_image: true }),
      'DELETE /api/photo.php': () => {
        photos = [photo(1, { main: true })];
        return jsonResponse(200, { photos, max_photos: 3, has_main_image: true });
      },
    });
    const tiles = await screen.findAllByTestId('own-photo');
    await user.click(within(tiles[1]).getByRole('button', { name: 'Foto verwijderen' }));
    const dialog = screen.getByRole('dialog', { name: 'Foto verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(within(tiles[1]).getByRole('button', { name: 'Foto verwijderen' }));
    await user.click(screen.getByRole('button', { name: 'Ja, verwijderen' }));
    await waitFor(() => expect(screen.getAllByTestId('own-photo')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ photo: 2 });
  });

  it('uploads several files with a progress bar each, and retries a failed one', async () => {
    let stored = [] as ReturnType<typeof photo>[];
    renderManager({
      'GET /api/photos.php': () =>
        jsonResponse(200, { photos: stored, max_photos: 3, has_main_image: false }),
    });
    const progress: Record<string, (fraction: number) => void> = {};
    const finish: Record<string, () => void> = {};
    let failFirst = true;
    const spy = jest.spyOn(photosApi, 'uploadPhoto').mockImplementation((blob, onProgress) => {
      const name = (blob as File).name;
      progress[name] = onProgress;
      return new Promise((resolve, reject) => {
        finish[name] = () => {
          if (name === 'b.jpg' && failFirst) {
            failFirst = false;
            reject(
              new ApiError(
                422,
                'photo_unreadable',
                'Deze foto is beschadigd of onvolledig en kan niet worden gelezen.',
              ),
            );
            return;
          }
          const added = photo(stored.length + 1, {
            status: 'under_inspection',
            main: stored.length === 0,
          });
          stored = [...stored, added];
          resolve({ photo: added });
        };
      });
    });
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('photo-input'), [file('a.jpg'), file('b.jpg')]);

    const bars = await screen.findAllByRole('progressbar');
    expect(bars).toHaveLength(2);
    act(() => progress['a.jpg'](0.5));
    expect(screen.getByRole('progressbar', { name: 'Uploaden van a.jpg' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );

    await act(async () => finish['a.jpg']());
    await act(async () => finish['b.jpg']());
    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Deze foto is beschadigd of onvolledig');
    await waitFor(() => expect(screen.getAllByTestId('own-photo')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Opnieuw' }));
    await waitFor(() => expect(finish['b.jpg']).toBeDefined());
    await act(async () => finish['b.jpg']());
    await waitFor(() => expect(screen.getAllByTestId('own-photo')).toHaveLength(2));
    expect(screen.queryByTestId('photo-upload')).toBeNull();
    // each file has its own Idempotency-Key, and the retry sends the same one again
    const keys = spy.mock.calls.map(([blob, , , key]) => [(blob as File).name, key]);
    expect(keys).toHaveLength(3);
    const bKeys = keys.filter(([name]) => name === 'b.jpg').map(([, key]) => key);
    expect(bKeys[0]).toEqual(expect.any(String));
    expect(bKeys[1]).toBe(bKeys[0]);
    expect(keys.find(([name]) => name === 'a.jpg')![1]).not.toBe(bKeys[0]);
  });

  it('refuses a file over 15 MB and files beyond the free places without sending them', async () => {
    renderManager({
      'GET /api/photos.php': () =>
        jsonResponse(200, {
          photos: [photo(1, { main: true }), photo(2)],
          max_photos: 3,
          has_main_image: true,
        }),
    });
    const upload = jest
      .spyOn(photosApi, 'uploadPhoto')
      .mockImplementation(() => new Promise(() => undefined));
    const user = userEvent.setup();
    await user.upload(await screen.findByTestId('photo-input'), [
      file('groot.jpg', 16 * 1024 * 1024),
      file('een.jpg'),
      file('twee.jpg'),
    ]);
    const tiles = await screen.findAllByTestId('photo-upload');
    expect(tiles[0]).toHaveTextContent('Deze foto is te groot. Kies een bestand tot 15 MB.');
    expect(tiles[2]).toHaveTextContent('Geen plek meer voor deze foto');
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect((upload.mock.calls[0][0] as File).name).toBe('een.jpg');
  });

  describe('with the crop step (a browser that can draw photos)', () => {
    const decode = HTMLImageElement.prototype.decode;
    beforeEach(() => {
      window.createImageBitmap = jest.fn() as unknown as typeof window.createImageBitmap;
    });
    afterEach(() => {
      delete (window as { createImageBitmap?: unknown }).createImageBitmap;
      HTMLImageElement.prototype.decode = decode;
    });

    it('uploads a photo the browser cannot draw as it is, and says so', async () => {
      HTMLImageElement.prototype.decode = () => Promise.reject(new Error('HEIC'));
      renderManager({
        'GET /api/photos.php': () =>
          jsonResponse(200, { photos: [], max_photos: 3, has_main_image: false }),
      });
      const upload = jest
        .spyOn(photosApi, 'uploadPhoto')
        .mockImplementation(() => new Promise(() => undefined));
      const heic = new File([new Uint8Array(1000)], 'IMG_0042.heic', { type: 'image/heic' });
      const user = userEvent.setup();
      await user.upload(await screen.findByTestId('photo-input'), [heic]);
      await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
      expect((upload.mock.calls[0][0] as File).name).toBe('IMG_0042.heic');
      expect(upload.mock.calls[0][0].size).toBe(1000);
      expect(await screen.findByTestId('crop-skipped')).toHaveTextContent(
        "Je browser kan deze foto niet bewerken (zoals HEIC-foto's van een iPhone), dus hij wordt geüpload zoals hij is: IMG_0042.heic",
      );
    });

    it('uploads nothing when the member closes the crop step', async () => {
      HTMLImageElement.prototype.decode = () => new Promise(() => undefined);
      renderManager({
        'GET /api/photos.php': () =>
          jsonResponse(200, { photos: [], max_photos: 3, has_main_image: false }),
      });
      const upload = jest.spyOn(photosApi, 'uploadPhoto');
      const user = userEvent.setup();
      await user.upload(await screen.findByTestId('photo-input'), [file('strand.jpg')]);
      // the step's own code has come (its hint), the photo is still being decoded
      await screen.findByText(/Zo staat je foto op je profielkaart/);
      const dialog = screen.getByRole('dialog', { name: 'Foto bijsnijden' });
      expect(within(dialog).getByRole('status')).toHaveTextContent('Foto laden…');
      await user.click(within(dialog).getByRole('button', { name: 'Sluiten' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(upload).not.toHaveBeenCalled();
      expect(screen.queryByTestId('photo-upload')).toBeNull();
    });
  });

  it('offers a retry when the photos cannot be loaded', async () => {
    let fail = true;
    const { user } = renderManager({
      'GET /api/photos.php': () =>
        fail
          ? jsonResponse(404, { error: 'not_found', message: 'x' })
          : jsonResponse(200, { photos: [], max_photos: 3, has_main_image: false }),
    });
    const retry = await screen.findByRole('button', { name: 'Opnieuw proberen' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByTestId('photos-empty')).toBeInTheDocument();
  });
});

describe('the profile photo alert', () => {
  beforeEach(() => window.localStorage.clear());

  it('asks a member without a main photo to add one, and stays away once dismissed', async () => {
    const user = { ...userFixture, profile: { ...userFixture.profile, main_image: null } };
    const { unmount } = renderRoutes(<ProfilePhotoAlert />, {
      queryClient: seededQueryClient(user),
    });
    const alert = await screen.findByTestId('profile-photo-alert');
    expect(alert).toHaveTextContent('Voeg een profielfoto toe');
    expect(within(alert).getByRole('link', { name: 'Foto toevoegen' })).toHaveAttribute(
      'href',
      '/profile#photos',
    );
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Melding sluiten' }));
    expect(screen.queryByTestId('profile-photo-alert')).toBeNull();
    unmount();
    renderRoutes(<ProfilePhotoAlert />, { queryClient: seededQueryClient(user) });
    expect(screen.queryByTestId('profile-photo-alert')).toBeNull();
  });

  it('says a main photo is being checked, and says nothing once it is active', async () => {
    const checking = {
      ...userFixture,
      profile: {
        ...userFixture.profile,
        main_image: { ...userFixture.profile.main_image, status: 'under_inspection' as const },
      },
    };
    const { unmount } = renderRoutes(<ProfilePhotoAlert />, {
      queryClient: seededQueryClient(checking),
    });
    expect(await screen.findByTestId('profile-photo-alert')).toHaveTextContent(
      'Je profielfoto wordt gecontroleerd',
    );
    unmount();
    renderRoutes(<ProfilePhotoAlert />, { queryClient: seededQueryClient(userFixture) });
    expect(screen.queryByTestId('profile-photo-alert')).toBeNull();
  });
});
