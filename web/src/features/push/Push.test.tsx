import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { settingsQueryKey } from '../../api/settings';
import { renderRoutes, seededQueryClient } from '../../test/render';
import { settingsResponseFixture, userFixture } from '../../test/fixtures';
import { jsonResponse, mockFetch } from '../../test/http';
import { PushAlert } from './components/PushAlert';
import { PushPreference } from './components/PushPreference';
import { leavePush, pushStore, recordPushMessage, resetPushStore } from './push-state';
import { usePush } from './usePush';

// a P-256 public key as the server's settings give it (base64url, 65 bytes)
const VAPID_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** A browser's Notification, service worker and Push APIs, as far as the push feature uses them. */
class FakeBrowser {
  permission: NotificationPermission = 'default';
  /** What the member answers when asked. */
  answer: NotificationPermission = 'granted';
  subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: jest.Mock } | null = null;
  subscribeOptions: PushSubscriptionOptionsInit | null = null;
  failSubscribe = false;

  install() {
    const permission = () => this.permission;
    const ask = async () => {
      this.permission = this.answer;
      return this.answer;
    };
    const current = () => this.subscription;
    const subscribe = (options: PushSubscriptionOptionsInit) => {
      if (this.failSubscribe) throw new DOMException('push service unreachable', 'AbortError');
      this.subscribeOptions = options;
      this.subscription = this.makeSubscription('https://push.example/sub/1');
      return this.subscription;
    };
    Object.defineProperty(window, 'Notification', {
      configurable: true,
      value: {
        get permission() {
          return permission();
        },
        requestPermission: jest.fn(ask),
      },
    });
    Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
    const pushManager = {
      getSubscription: async () => current(),
      subscribe: async (options: PushSubscriptionOptionsInit) => subscribe(options),
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({ pushManager }),
        ready: Promise.resolve({ pushManager }),
      },
    });
  }

  makeSubscription(endpoint: string) {
    const subscription = {
      endpoint,
      toJSON: () => ({
        endpoint,
        expirationTime: null,
        keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      }),
      unsubscribe: jest.fn(async () => {
        this.subscription = null;
        return true;
      }),
    };
    return subscription;
  }

  uninstall() {
    for (const name of ['Notification', 'PushManager'] as const)
      Reflect.deleteProperty(window, name);
    Reflect.deleteProperty(navigator, 'serviceWorker');
  }
}

function pushQueryClient(publicKey: string | null = VAPID_KEY): QueryClient {
  const queryClient = seededQueryClient(userFixture);
  queryClient.setQueryData(settingsQueryKey, {
    ...settingsResponseFixture,
    settings: { ...settingsResponseFixture.settings, push_public_key: publicKey },
  });
  return queryClient;
}

const ok = () => jsonResponse(200, { ok: true });

describe('push', () => {
  let browser: FakeBrowser;
  beforeEach(() => {
    resetPushStore();
    window.localStorage.clear();
    browser = new FakeBrowser();
    browser.install();
  });
  afterEach(() => browser.uninstall());

  describe('the push alert', () => {
    it('offers push to a member who has not decided, and subscribes with the server key', async () => {
      const { calls } = mockFetch({ 'POST /api/user.php': ok });
      renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      const alert = await screen.findByRole('region', { name: 'Mis geen bericht meer' });
      await userEvent.click(within(alert).getByRole('button', { name: 'Pushmeldingen aanzetten' }));

      await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
      expect(browser.subscribeOptions?.userVisibleOnly).toBe(true);
      const key = browser.subscribeOptions?.applicationServerKey as Uint8Array;
      expect(key).toHaveLength(65);
      expect(key[0]).toBe(4); // an uncompressed P-256 point
      const post = calls.find((call) => call.method === 'POST');
      expect(post?.url).toBe('/api/user.php?push=1');
      expect(post?.body).toMatchObject({ endpoint: 'https://push.example/sub/1' });
    });

    it('is not offered once the browser blocks notifications, nor when subscribed', async () => {
      mockFetch({ 'POST /api/user.php': ok });
      browser.permission = 'denied';
      const blocked = renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      await waitFor(() => expect(pushStore().subscription).toBe('denied'));
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
      blocked.unmount();

      resetPushStore();
      browser.permission = 'default';
      browser.subscription = browser.makeSubscription('https://push.example/sub/old');
      renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      await waitFor(() => expect(pushStore().subscription).toBe('subscribed'));
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
    });

    it('is not offered without a server key or push support', async () => {
      renderRoutes(<PushAlert />, { queryClient: pushQueryClient(null) });
      await act(async () => undefined);
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
    });

    it('stays away once dismissed, also on the next visit', async () => {
      const first = renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      await userEvent.click(
        await screen.findByRole('button', { name: 'Melding over pushmeldingen sluiten' }),
      );
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
      first.unmount();
      renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      await act(async () => undefined);
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
    });

    it('shows the push error text when subscribing fails, and leaves no subscription behind', async () => {
      const { calls } = mockFetch({
        'POST /api/user.php': () => jsonResponse(500, { error: 'internal_error', message: 'x' }),
      });
      renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      await userEvent.click(await screen.findByRole('button', { name: 'Pushmeldingen aanzetten' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Het aanzetten van pushmeldingen is niet gelukt. Probeer het later opnieuw.',
      );
      expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
      expect(browser.subscription).toBeNull();
    });

    it('shows the error text when the push service cannot be reached', async () => {
      mockFetch({ 'POST /api/user.php': ok });
      browser.failSubscribe = true;
      renderRoutes(<PushAlert />, { queryClient: pushQueryClient() });
      await userEvent.click(await screen.findByRole('button', { name: 'Pushmeldingen aanzetten' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('niet gelukt');
    });
  });

  describe('the push preference row', () => {
    it('switches push on and off for this browser', async () => {
      const { calls } = mockFetch({ 'POST /api/user.php': ok, 'DELETE /api/user.php': ok });
      renderRoutes(<PushPreference />, { queryClient: pushQueryClient() });
      const toggle = await screen.findByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
      await waitFor(() => expect(pushStore().subscription).toBe(false));
      expect(toggle).not.toBeChecked();

      await userEvent.click(toggle);
      await waitFor(() => expect(toggle).toBeChecked());
      const subscription = browser.subscription!;

      await userEvent.click(toggle);
      await waitFor(() => expect(toggle).not.toBeChecked());
      const remove = calls.find((call) => call.method === 'DELETE');
      expect(remove?.url).toBe('/api/user.php?push=1');
      expect(remove?.body).toEqual({ endpoint: 'https://push.example/sub/1' });
      expect(subscription.unsubscribe).toHaveBeenCalled();
    });

    it('shows a subscription this browser already holds as on, and tells the server it is this member’s', async () => {
      const { calls } = mockFetch({ 'POST /api/user.php': ok });
      browser.permission = 'granted';
      browser.subscription = browser.makeSubscription('https://push.example/sub/kept');
      renderRoutes(<PushPreference />, { queryClient: pushQueryClient() });
      await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
      await waitFor(() =>
        expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
          endpoint: 'https://push.example/sub/kept',
        }),
      );
    });

    it('explains that the browser blocks notifications when they are denied', async () => {
      browser.permission = 'denied';
      renderRoutes(<PushPreference />, { queryClient: pushQueryClient() });
      expect(await screen.findByTestId('push-unavailable')).toHaveTextContent(
        'Je browser blokkeert meldingen van deze site.',
      );
      expect(screen.getByRole('switch')).toBeDisabled();
    });

    it('turns to denied when the member refuses the permission', async () => {
      browser.answer = 'denied';
      renderRoutes(<PushPreference />, { queryClient: pushQueryClient() });
      const toggle = await screen.findByRole('switch');
      await waitFor(() => expect(pushStore().subscription).toBe(false));
      await userEvent.click(toggle);
      expect(await screen.findByTestId('push-unavailable')).toHaveTextContent('blokkeert');
      expect(toggle).not.toBeChecked();
    });

    it('says so when the browser cannot receive pushes', async () => {
      browser.uninstall();
      renderRoutes(<PushPreference />, { queryClient: pushQueryClient() });
      expect(await screen.findByTestId('push-unavailable')).toHaveTextContent(
        'Deze browser kan geen pushmeldingen ontvangen.',
      );
      expect(screen.getByRole('switch')).toBeDisabled();
    });
  });

  it('ends this browser’s subscription on logout, on the server and in the browser', async () => {
    const { calls } = mockFetch({ 'DELETE /api/user.php': ok });
    browser.permission = 'granted';
    const subscription = browser.makeSubscription('https://push.example/sub/leaving');
    browser.subscription = subscription;
    await leavePush();
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([
      ['DELETE', '/api/user.php?push=1', { endpoint: 'https://push.example/sub/leaving' }],
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(pushStore().subscription).toBeNull();
  });

  it('keeps the last pushed message in the push state', async () => {
    let state: ReturnType<typeof usePush> | null = null;
    function Probe() {
      state = usePush();
      return null;
    }
    renderRoutes(<Probe />, { queryClient: pushQueryClient() });
    await waitFor(() => expect(state?.subscription).toBe(false));
    expect(state!.isCapable).toBe(true);
    expect(state!.lastMessage).toBeNull();
    const payload = {
      kind: 'message' as const,
      title: 'Anna',
      body: 'Hoi!',
      url: '/chats/4',
      tag: 'conversation-4',
      badge: 2,
      conversation_id: 4,
    };
    act(() => recordPushMessage(payload));
    expect(state!.lastMessage).toEqual(payload);
  });
});
