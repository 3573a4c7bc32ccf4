/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// (The Node builds of socket.io-client and ws: their browser builds need a real browser.)
// The socket.io client of these tests talks to a real socket.io server (WebSocket transport,
// like the app's server) in a child process; the API calls are mocked at fetch.
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type {
  ChatsResponse,
  LikesResponse,
  ServerToClientEvents,
  UserResponse,
} from '@app/contract';
import { chatsQueryKey, useChats } from '../api/chats';
import { likesQueryKey, useLikes } from '../api/likes';
import { setAuthFailureHandler } from '../api/client';
import { userQueryKey, useUser } from '../api/user';
import { createQueryClient } from '../api/query-client';
import { userFixture } from '../test/fixtures';
import { jsonResponse, mockFetch } from '../test/http';
import { TestSocketServer } from '../test/socket-server';
import { RealtimeConnection } from './connection';
import {
  RealtimeProvider,
  useRealtimeEmit,
  useRealtimeEvent,
  useRealtimeFirstConnect,
  useRealtimeReconnect,
  useRealtimeStatus,
  type RealtimeEmit,
} from '.';

/** A query client holding the given user (test/render's helper needs react-router's ESM build). */
function seededQueryClient(user: UserResponse['user']): QueryClient {
  const queryClient = createQueryClient();
  queryClient.setQueryData(userQueryKey, { user });
  return queryClient;
}

let server: TestSocketServer;
let url: string;

async function startServer(recovery: boolean) {
  server = await TestSocketServer.start({ recovery });
  url = server.url;
}

// the app loads socket.io's client on a member's first socket; load it once here, so that its
// first load (slow on a busy machine) does not count against a test's wait for a connection
beforeAll(async () => {
  await import('socket.io-client');
});

afterEach(async () => {
  await server.close();
});

const chats: ChatsResponse = { chats: [], unread_messages: 2, new_likes: 1 };
const likes: LikesResponse = {
  profiles: [],
  likes: [],
  liked_by: [],
  new_likes: 1,
  likers_shown: false,
};

function mockApi(user: UserResponse = { user: userFixture }) {
  return mockFetch({
    'GET /api/user.php': () => jsonResponse(200, user),
    'GET /api/chats.php': () => jsonResponse(200, chats),
    'GET /api/likes.php': () => jsonResponse(200, likes),
  });
}

function count(calls: { url: string }[], name: string) {
  return calls.filter((call) => call.url.startsWith(`/api/${name}.php`)).length;
}

/** What a page of the app does: reads the three queries and listens to the socket. */
function Probe({
  onMessage,
  onReconnect,
  onFirstConnect,
  emitRef,
}: {
  onMessage?: (text: string) => void;
  onReconnect?: () => void;
  onFirstConnect?: () => void;
  emitRef?: { current: RealtimeEmit | null };
}) {
  const { user } = useUser();
  useChats();
  useLikes();
  const status = useRealtimeStatus();
  const emit = useRealtimeEmit();
  if (emitRef) emitRef.current = emit;
  useRealtimeEvent('message:new', ({ message }) => onMessage?.(message.text ?? ''));
  useRealtimeReconnect(() => onReconnect?.());
  useRealtimeFirstConnect(() => onFirstConnect?.());
  return (
    <p>
      status:{status} credits:{user?.credits ?? 'none'}
    </p>
  );
}

function renderApp(queryClient: QueryClient, probe: Parameters<typeof Probe>[0] = {}) {
  return render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider
        url={url}
        socketOptions={{ reconnectionDelay: 50, reconnectionDelayMax: 100 }}
      >
        <Probe {...probe} />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
}

async function connected(connections = 1) {
  await waitFor(() => expect(server.connections()).toHaveLength(connections), { timeout: 5000 });
  expect(await screen.findByText(/status:connected/)).toBeVisible();
}

function newMessage(text: string): Parameters<ServerToClientEvents['message:new']>[0] {
  return {
    message: {
      id: 1,
      conversation_id: 7,
      seq: 1,
      mine: false,
      text,
    } as Parameters<ServerToClientEvents['message:new']>[0]['message'],
  };
}

/** Runs what is already queued (promise callbacks, React's updates): the effects of a step. */
const flush = () => act(async () => undefined);

describe('RealtimeProvider', () => {
  it('connects once while a member is logged in and hands server events to the latest handler', async () => {
    await startServer(true);
    mockApi();
    const first = jest.fn();
    const latest = jest.fn();
    const queryClient = seededQueryClient(userFixture);
    const view = renderApp(queryClient, { onMessage: first });
    await connected();
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider url={url}>
          <Probe onMessage={latest} />
        </RealtimeProvider>
      </QueryClientProvider>,
    );
    server.emit('message:new', newMessage('Hoi!'));
    await waitFor(() => expect(latest).toHaveBeenCalledWith('Hoi!'));
    expect(first).not.toHaveBeenCalled();
    // one socket for the whole app, not one per render or handler
    expect(server.connections()).toHaveLength(1);
    expect(server.disconnects()).toHaveLength(0);
  });

  it('opens no socket for a visitor and closes the socket when the member logs out', async () => {
    await startServer(true);
    mockApi({ user: null });
    const queryClient = seededQueryClient(null);
    renderApp(queryClient);
    // opening a socket says `connecting` at once (render runs the effects)
    expect(screen.getByText(/status:disconnected/)).toBeVisible();
    expect(server.connections()).toHaveLength(0);
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: userFixture });
    });
    await connected();
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: null });
    });
    await waitFor(() => expect(server.disconnects()).toHaveLength(1));
    expect(server.disconnects()[0]).toMatchObject({ reason: 'client namespace disconnect' });
    expect(screen.getByText(/status:disconnected/)).toBeVisible();
  });

  it('opens no socket when the member logs out before socket.io’s client has loaded', async () => {
    await startServer(true);
    mockApi();
    const queryClient = seededQueryClient(userFixture);
    renderApp(queryClient);
    // socket.io's client loads on the first open; the logout comes before it is there
    expect(screen.getByText(/status:connecting/)).toBeVisible();
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: null });
    });
    expect(await screen.findByText(/status:disconnected/)).toBeVisible();
    // the client's load that the opening waited for has come: it made no socket of it
    await act(() => import('socket.io-client'));
    await flush();
    expect(screen.getByText(/status:disconnected/)).toBeVisible();
    expect(server.connections()).toHaveLength(0);
    expect(screen.getByText(/status:disconnected/)).toBeVisible();
    // a later login still connects, once
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: userFixture });
    });
    await connected();
    expect(server.connections()).toHaveLength(1);
  });

  it('makes no socket when closed while socket.io’s client loads', async () => {
    await startServer(true);
    const connection = new RealtimeConnection(url);
    connection.open();
    expect(connection.getStatus()).toBe('connecting');
    connection.close();
    // the load that the opening waits for comes after the close: no socket of it
    await import('socket.io-client');
    await flush();
    expect(connection.getStatus()).toBe('disconnected');
    connection.open();
    await waitFor(() => expect(connection.getStatus()).toBe('connected'));
    expect(server.connections()).toHaveLength(1);
    connection.close();
  });

  it('reloads chats.php on chats:changed, and likes.php with chats.php on likes:changed', async () => {
    await startServer(true);
    const { calls } = mockApi();
    renderApp(seededQueryClient(userFixture));
    await connected();
    await waitFor(() => expect(count(calls, 'chats')).toBe(1));
    await waitFor(() => expect(count(calls, 'likes')).toBe(1));
    server.emit('chats:changed');
    await waitFor(() => expect(count(calls, 'chats')).toBe(2));
    expect(count(calls, 'likes')).toBe(1);
    server.emit('likes:changed');
    await waitFor(() => expect(count(calls, 'likes')).toBe(2));
    await waitFor(() => expect(count(calls, 'chats')).toBe(3));
  });

  it('writes credits:changed into the cached user without asking user.php', async () => {
    await startServer(true);
    const { calls } = mockApi();
    const queryClient = seededQueryClient(userFixture);
    renderApp(queryClient);
    await connected();
    server.emit('credits:changed', { credits: 42 });
    expect(await screen.findByText(/credits:42/)).toBeVisible();
    expect(queryClient.getQueryData<UserResponse>(userQueryKey)?.user?.credits).toBe(42);
    expect(count(calls, 'user')).toBe(0);
  });

  it('emits client events while connected and drops them while not', async () => {
    await startServer(true);
    mockApi();
    const emitRef: { current: RealtimeEmit | null } = { current: null };
    const queryClient = seededQueryClient(userFixture);
    renderApp(queryClient, { emitRef });
    await connected();
    emitRef.current!('typing', { conversation_id: 7 });
    await waitFor(() =>
      expect(server.clientEvents()).toEqual([
        { type: 'client-event', event: 'typing', payload: { conversation_id: 7 } },
      ]),
    );
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: null });
    });
    expect(await screen.findByText(/status:disconnected/)).toBeVisible();
    emitRef.current!('delivered', { conversation_id: 7, seq: 3 });
    act(() => {
      queryClient.setQueryData(userQueryKey, { user: userFixture });
    });
    await connected(2);
    // not buffered and sent on the next connect either: it would come before a later event
    emitRef.current!('typing', { conversation_id: 8 });
    await waitFor(() => expect(server.clientEvents()).toHaveLength(2));
    expect(server.clientEvents().map((e) => e.event)).toEqual(['typing', 'typing']);
  });

  it('after a reconnect that recovery replayed, runs no catch-up and delivers the missed events', async () => {
    await startServer(true);
    const { calls } = mockApi();
    const onReconnect = jest.fn();
    const onMessage = jest.fn();
    renderApp(seededQueryClient(userFixture), { onReconnect, onMessage });
    await connected();
    await waitFor(() => expect(count(calls, 'chats')).toBe(1));
    // recovery resumes after the last event the client got
    server.emit('message:new', newMessage('eerst'));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('eerst'));
    server.drop();
    await waitFor(() => expect(server.disconnects()).toHaveLength(1));
    server.emit('message:new', newMessage('gemist'));
    await connected(2);
    expect(server.connections()[1]).toMatchObject({ recovered: true });
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('gemist'));
    expect(onReconnect).not.toHaveBeenCalled();
    expect(count(calls, 'chats')).toBe(1);
    expect(count(calls, 'user')).toBe(0);
  });

  it('runs the first-connect handlers once, on the first connect only, and no reconnect handler then', async () => {
    await startServer(false);
    mockApi();
    const onReconnect = jest.fn();
    const onFirstConnect = jest.fn();
    renderApp(seededQueryClient(userFixture), { onReconnect, onFirstConnect });
    await connected();
    await waitFor(() => expect(onFirstConnect).toHaveBeenCalledTimes(1));
    expect(onReconnect).not.toHaveBeenCalled();
    server.drop();
    await connected(2);
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
    expect(onFirstConnect).toHaveBeenCalledTimes(1);
  });

  it('after a reconnect that recovery could not replay, runs the catch-up handlers and reloads user, chats and likes', async () => {
    await startServer(false);
    const { calls } = mockApi();
    const onReconnect = jest.fn();
    renderApp(seededQueryClient(userFixture), { onReconnect });
    await connected();
    await waitFor(() => expect(count(calls, 'likes')).toBe(1));
    expect(onReconnect).not.toHaveBeenCalled();
    server.drop();
    await connected(2);
    expect(server.connections()[1]).toMatchObject({ recovered: false });
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(count(calls, 'user')).toBe(1));
    await waitFor(() => expect(count(calls, 'chats')).toBe(2));
    await waitFor(() => expect(count(calls, 'likes')).toBe(2));
  });

  it('when the server ends the socket of an ended session, reads the user and logs out', async () => {
    await startServer(true);
    const { calls } = mockApi({ user: null });
    const loggedOut = jest.fn();
    const unregister = setAuthFailureHandler(loggedOut);
    try {
      renderApp(seededQueryClient(userFixture));
      await connected();
      const { Socket } = await import('socket.io-client');
      const connect = jest.spyOn(Socket.prototype, 'connect');
      server.end();
      await waitFor(() => expect(loggedOut).toHaveBeenCalledTimes(1));
      expect(count(calls, 'user')).toBe(1);
      expect(await screen.findByText(/status:disconnected/)).toBeVisible();
      // the decision after the user read is made: no new attempt to connect
      await flush();
      expect(connect).not.toHaveBeenCalled();
      connect.mockRestore();
      expect(server.connections()).toHaveLength(1);
    } finally {
      unregister();
    }
  });

  it('when the member’s own request ends the session, leaves it to that request: no user read, no logout', async () => {
    await startServer(true);
    const { calls } = mockApi({ user: null });
    const loggedOut = jest.fn();
    const unregister = setAuthFailureHandler(loggedOut);
    try {
      const queryClient = seededQueryClient(userFixture);
      renderApp(queryClient);
      await connected();
      // an account deletion under way: the server ends the socket before the answer arrives
      let answer: () => void = () => undefined;
      const deletion = queryClient
        .getMutationCache()
        .build(queryClient, {
          mutationFn: () => new Promise<void>((resolve) => (answer = resolve)),
          onSuccess: () => queryClient.setQueryData(userQueryKey, { user: null }),
        })
        .execute(undefined);
      server.end();
      // the client saw the end (and waits for the deletion's answer)
      expect(await screen.findByText(/status:disconnected/)).toBeVisible();
      await flush();
      expect(loggedOut).not.toHaveBeenCalled();
      answer();
      await deletion;
      await flush();
      expect(loggedOut).not.toHaveBeenCalled();
      expect(count(calls, 'user')).toBe(0);
      expect(await screen.findByText(/status:disconnected/)).toBeVisible();
    } finally {
      unregister();
    }
  });

  it('when the server ends the socket of a member still logged in, connects again and catches up', async () => {
    await startServer(true);
    const { calls } = mockApi();
    const onReconnect = jest.fn();
    renderApp(seededQueryClient(userFixture), { onReconnect });
    await connected();
    server.end();
    await waitFor(() => expect(count(calls, 'user')).toBe(1));
    await connected(2);
    await waitFor(() => expect(onReconnect).toHaveBeenCalledTimes(1));
  });

  it('invalidates the same query keys the api module reads', () => {
    expect(chatsQueryKey).toEqual(['chats']);
    expect(likesQueryKey).toEqual(['likes']);
  });
});
