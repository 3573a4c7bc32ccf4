import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { settingsResponseFixture, userFixture } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/http';
import { createQueryClient } from '../../api/query-client';
import { RootShell } from '../layouts/RootShell';
import { chatsQueryKey } from '../../api/chats';
import { likesQueryKey } from '../../api/likes';
import { isPushPayload, notificationOptions, readWorkerMessage, SW_MESSAGE } from './sw-protocol';
import { offerUpdate } from './update-state';
import { UpdatePrompt } from './UpdatePrompt';
import { useWorkerMessages } from './worker-messages';

const payload = {
  kind: 'message',
  title: 'Anna',
  body: 'Hoi!',
  url: '/chats/4',
  tag: 'conversation-4',
  badge: 3,
  conversation_id: 4,
};

describe('a push as the service worker reads it', () => {
  it('accepts the contract payload and refuses anything else', () => {
    expect(isPushPayload(payload)).toBe(true);
    expect(isPushPayload({ ...payload, kind: 'spam' })).toBe(false);
    expect(isPushPayload({ ...payload, badge: '3' })).toBe(false);
    expect(isPushPayload({ ...payload, url: 'https://evil.example/' })).toBe(false);
    expect(isPushPayload({ ...payload, url: '//evil.example/' })).toBe(false);
    expect(isPushPayload(null)).toBe(false);
  });

  it('collapses notifications per conversation and alerts again for each new one', () => {
    const options = notificationOptions(payload as Parameters<typeof notificationOptions>[0]);
    expect(options).toMatchObject({ body: 'Hoi!', tag: 'conversation-4', renotify: true });
    expect(options.data).toMatchObject({ url: '/chats/4' });
  });

  it('opens the chats from a push it could not read', () => {
    expect(notificationOptions(null).data).toEqual({ url: '/chats' });
    expect(notificationOptions(null).tag).toBeUndefined();
  });

  it('takes only messages of its own kinds and site paths from the worker', () => {
    expect(readWorkerMessage({ type: 'navigate', url: '/chats/4' })).toEqual({
      type: 'navigate',
      url: '/chats/4',
    });
    expect(readWorkerMessage({ type: 'navigate', url: 'https://evil.example' })).toBeNull();
    expect(readWorkerMessage({ type: 'push' })).toEqual({ type: 'push' });
    expect(readWorkerMessage('push')).toBeNull();
  });
});

describe('the service worker talking to an open tab', () => {
  let target: EventTarget;
  beforeEach(() => {
    target = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: target });
  });
  afterEach(() => Reflect.deleteProperty(navigator, 'serviceWorker'));

  function Listener() {
    useWorkerMessages();
    return null;
  }
  const fromWorker = (data: unknown) =>
    act(() => void target.dispatchEvent(new MessageEvent('message', { data })));

  it('reloads chats and likes when a push arrives (SPEC point 4)', () => {
    const queryClient = seededQueryClient(userFixture);
    queryClient.setQueryData(chatsQueryKey, { chats: [], unread_messages: 0, new_likes: 0 });
    queryClient.setQueryData(likesQueryKey, { profiles: [], liked_by: [] } as never);
    renderRoutes(<Listener />, { queryClient });
    expect(queryClient.getQueryState(chatsQueryKey)?.isInvalidated).toBe(false);
    fromWorker({ type: SW_MESSAGE.push, payload });
    expect(queryClient.getQueryState(chatsQueryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(likesQueryKey)?.isInvalidated).toBe(true);
  });

  it('shows the conversation of a clicked notification', () => {
    const { router } = renderRoutes([{ path: '*', element: <Listener /> }], { path: '/members' });
    fromWorker({ type: SW_MESSAGE.navigate, url: '/chats/4' });
    expect(router.state.location.pathname).toBe('/chats/4');
  });
});

describe('the update prompt', () => {
  afterEach(() => act(() => offerUpdate(null)));

  it('appears when a new version waits, and switches to it on reload', async () => {
    renderRoutes(<UpdatePrompt />);
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
    const apply = jest.fn();
    act(() => offerUpdate(apply));
    expect(screen.getByTestId('update-prompt')).toHaveTextContent(
      'Er is een nieuwe versie beschikbaar',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Herladen' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('can be closed without reloading', async () => {
    renderRoutes(<UpdatePrompt />);
    const apply = jest.fn();
    act(() => offerUpdate(apply));
    await userEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByTestId('update-prompt')).not.toBeInTheDocument();
    expect(apply).not.toHaveBeenCalled();
  });
});

describe('the offline page', () => {
  afterEach(() => Object.defineProperty(navigator, 'onLine', { configurable: true, value: true }));

  function renderShell() {
    const queryClient = createQueryClient();
    return renderRoutes(
      [{ element: <RootShell />, children: [{ path: '*', element: <p>page</p> }] }],
      {
        queryClient,
      },
    );
  }

  it('shows when the app starts without a network, and the site once it returns', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    const { fetchMock } = mockFetch({
      'GET /api/settings.php': () => jsonResponse(200, settingsResponseFixture),
    });
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderShell();
    expect(await screen.findByRole('heading', { name: 'Je bent offline' })).toBeVisible();

    fetchMock.mockImplementation(async () => jsonResponse(200, settingsResponseFixture));
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('page', {}, { timeout: 15000 })).toBeVisible();
  }, 20000);

  it('is not shown when the server answers with an error while online', async () => {
    mockFetch({
      'GET /api/settings.php': () => jsonResponse(400, { error: 'bad_request', message: 'x' }),
    });
    renderShell();
    expect(
      await screen.findByRole('heading', { name: 'De site kon niet worden geladen' }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Je bent offline' })).not.toBeInTheDocument();
  });
});
