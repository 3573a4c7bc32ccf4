import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatListItem, ChatMessage, ChatResponse, Gift, User } from '@app/contract';
import { LAST_CHAT_KEY } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch, mockViewport, type Responder } from '../../../test/http';
import {
  memberWithPhotosResponseFixture,
  profileCardFixture,
  userFixture,
} from '../../../test/fixtures';
import { lastChat, rememberLastChat } from '../model/last-chat';

// the socket stays out of these page tests (Conversation.test.tsx fakes its events)
jest.mock('../realtime', () => ({
  useRealtimeEvent: () => undefined,
  useRealtimeEmit: () => () => undefined,
  useRealtimeStatus: () => 'connected',
  useRealtimeReconnect: () => undefined,
  useRealtimeFirstConnect: () => undefined,
}));

const CONVERSATION = 70;
/** The first look at a page waits for its lazily loaded module (slow on a busy machine). */
const LOADED = { timeout: 10_000 };
const daan = { ...profileCardFixture, id: 12, name: 'Daan', fictional: false };
const rose: Gift = { id: 3, slug: 'rose', image: '/gifts/rose.svg', credits: 20 };

function chat(extra: Partial<ChatResponse> = {}): ChatResponse {
  return {
    conversation: null,
    profile: daan,
    messages: [],
    has_older: false,
    costs: { text: 10, photo: 15 },
    can_start: true,
    held: false,
    fictional: false,
    ...extra,
  };
}

function message(extra: Partial<ChatMessage>): ChatMessage {
  return {
    id: 1,
    seq: 101,
    conversation_id: CONVERSATION,
    sender: userFixture.profile.id,
    mine: true,
    type: 'text',
    text: null,
    image: null,
    gift: null,
    credits: 10,
    status: 'sent',
    created_at: new Date().toISOString(),
    ...extra,
  };
}

const listEntry = (id: number): ChatListItem => ({
  conversation: { id },
  profile: daan,
  num_unread_messages: 0,
  last_message: null,
  updated_at: new Date().toISOString(),
});

function renderAt(path: string, routes: Record<string, Responder>, user: User = userFixture) {
  const fetch = mockFetch({
    'GET /api/chats.php': () =>
      jsonResponse(200, { chats: [listEntry(CONVERSATION)], unread_messages: 0, new_likes: 0 }),
    'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
    ...routes,
  });
  const queryClient = seededQueryClient(user);
  const rendered = renderRoutes(createRoutes(queryClient), { path, queryClient });
  return { ...fetch, ...rendered };
}

const chatLoads = (calls: { method: string; url: string }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.startsWith('/api/chat.php'));

beforeEach(() => {
  localStorage.clear();
  mockViewport(true);
});

describe('the conversation with a member (/members/{id}/chat)', () => {
  it('moves to /chats/{id} after the first message, replacing the history entry, without loading the conversation again', async () => {
    const { calls, router } = renderAt(`/members/${daan.id}/chat`, {
      'GET /api/chat.php': () => jsonResponse(200, chat()),
      'POST /api/message.php': () =>
        jsonResponse(201, { message: message({ text: 'Hoi Daan!' }), credits: 40 }),
    });
    const box = await screen.findByRole('textbox', { name: 'Bericht' }, LOADED);
    await userEvent.type(box, 'Hoi Daan!');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));

    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/chats/${CONVERSATION}`),
      LOADED,
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByText('Hoi Daan!', { selector: '.chat-bubble__text' })).toBeInTheDocument();
    // the same view: the composer is the very same element, typing goes on in it
    expect(screen.getByRole('textbox', { name: 'Bericht' })).toBe(box);
    await userEvent.type(box, 'Nog iets');
    expect(box).toHaveValue('Nog iets');
    expect(chatLoads(calls)).toHaveLength(1);
  });

  it('keeps its URL while no message has started the conversation', async () => {
    const { router } = renderAt(`/members/${daan.id}/chat`, {
      'GET /api/chat.php': () => jsonResponse(200, chat()),
    });
    await screen.findByRole('heading', { name: 'Zeg hallo tegen Daan' }, LOADED);
    expect(router.state.location.pathname).toBe(`/members/${daan.id}/chat`);
    expect(localStorage.getItem(LAST_CHAT_KEY)).toBeNull();
  });
});

describe('the last opened conversation (chat state)', () => {
  it('is reopened by /chats on a desktop', async () => {
    rememberLastChat(userFixture.id, CONVERSATION);
    const { router } = renderAt('/chats', {
      'GET /api/chat.php': () =>
        jsonResponse(200, chat({ conversation: { id: 70, read_seq: 0, delivered_seq: 0 } })),
    });
    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/chats/${CONVERSATION}`),
      LOADED,
    );
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByRole('textbox', { name: 'Bericht' }, LOADED)).toBeInTheDocument();
  });

  it('is remembered per member when a conversation opens', async () => {
    renderAt(`/chats/${CONVERSATION}`, {
      'GET /api/chat.php': () =>
        jsonResponse(200, chat({ conversation: { id: 70, read_seq: 0, delivered_seq: 0 } })),
    });
    await screen.findByRole('textbox', { name: 'Bericht' }, LOADED);
    await waitFor(() => expect(lastChat(userFixture.id)).toBe(CONVERSATION));
    // another member on the same browser does not get it
    expect(lastChat(userFixture.id + 1)).toBeNull();
  });

  it('is not reopened on a phone, where /chats is the list', async () => {
    mockViewport(false);
    rememberLastChat(userFixture.id, CONVERSATION);
    const { router } = renderAt('/chats', {});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Gesprekken' }, LOADED),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/chats');
  });

  it('is not reopened when it is no longer in the list, nor when another member kept it', async () => {
    rememberLastChat(userFixture.id, 99);
    const { router, unmount } = renderAt('/chats', {});
    await screen.findAllByTestId('conversation-entry', {}, LOADED);
    expect(router.state.location.pathname).toBe('/chats');
    unmount();

    rememberLastChat(userFixture.id + 1, CONVERSATION);
    const second = renderAt('/chats', {});
    await screen.findAllByTestId('conversation-entry', {}, LOADED);
    expect(second.router.state.location.pathname).toBe('/chats');
  });
});

describe('the gift button of a profile', () => {
  const profileRoutes = (extra: Record<string, Responder> = {}) => ({
    'GET /api/member.php': () => jsonResponse(200, memberWithPhotosResponseFixture),
    'GET /api/gifts.php': () => jsonResponse(200, { gifts: [rose] }),
    ...extra,
  });

  it('opens the gift picker; the chosen gift is sent in the conversation, which then opens', async () => {
    const { calls, router } = renderAt(
      `/members/${daan.id}`,
      profileRoutes({
        'GET /api/chat.php': () => jsonResponse(200, chat()),
        'POST /api/message.php': () =>
          jsonResponse(201, {
            message: message({ type: 'gift', gift: rose, credits: 20 }),
            credits: 30,
          }),
      }),
      { ...userFixture, credits: 50 },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Cadeau sturen/ }, LOADED));
    const picker = await screen.findByRole('dialog', { name: 'Een cadeau voor Daan' }, LOADED);
    await userEvent.click(await within(picker).findByRole('button', { name: /Roos/ }, LOADED));

    await waitFor(
      () => expect(router.state.location.pathname).toBe(`/chats/${CONVERSATION}`),
      LOADED,
    );
    const sends = calls.filter((call) => call.url.startsWith('/api/message.php'));
    expect(sends).toHaveLength(1);
    expect(sends[0].body).toEqual({ type: 'gift', member: daan.id, gift: rose.id });
    expect(sends[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/Roos/, { selector: '.chat-bubble__gift *' })).toBeVisible();
    // the gift is not in the history entry any more: going back and forth sends nothing again
    expect((router.state.location.state as { gift?: number } | null)?.gift).toBeUndefined();
  });

  it('shows the insufficient-credits modal on the profile when the balance does not cover the gift', async () => {
    const { calls, router } = renderAt(`/members/${daan.id}`, profileRoutes(), {
      ...userFixture,
      credits: 5,
    });
    await userEvent.click(await screen.findByRole('button', { name: /Cadeau sturen/ }, LOADED));
    const picker = await screen.findByRole('dialog', { name: 'Een cadeau voor Daan' }, LOADED);
    await userEvent.click(await within(picker).findByRole('button', { name: /Roos/ }, LOADED));

    const modal = await screen.findByRole('dialog', { name: 'Niet genoeg credits' }, LOADED);
    expect(within(modal).getByText('Nodig: 20 credits. Je saldo: 5 credits.')).toBeVisible();
    expect(within(modal).getByText(/niet genoeg credits voor dit cadeau/)).toBeVisible();
    expect(within(modal).getByRole('link', { name: 'Credits kopen' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(router.state.location.pathname).toBe(`/members/${daan.id}`);
    expect(calls.some((call) => call.url.startsWith('/api/message.php'))).toBe(false);
  });

  it('shows the insufficient-credits modal in the conversation when the server refuses the gift', async () => {
    const { router } = renderAt(
      `/members/${daan.id}`,
      profileRoutes({
        'GET /api/chat.php': () => jsonResponse(200, chat()),
        'POST /api/message.php': () =>
          jsonResponse(402, { error: 'insufficient_credits', message: 'Niet genoeg credits.' }),
      }),
      { ...userFixture, credits: 50 },
    );
    await userEvent.click(await screen.findByRole('button', { name: /Cadeau sturen/ }, LOADED));
    const picker = await screen.findByRole('dialog', { name: 'Een cadeau voor Daan' }, LOADED);
    await userEvent.click(await within(picker).findByRole('button', { name: /Roos/ }, LOADED));

    const modal = await screen.findByRole('dialog', { name: 'Niet genoeg credits' }, LOADED);
    expect(within(modal).getByText('Nodig: 20 credits. Je saldo: 50 credits.')).toBeVisible();
    expect(within(modal).getByText(/niet genoeg credits voor dit cadeau/)).toBeVisible();
    expect(router.state.location.pathname).toBe(`/members/${daan.id}/chat`);
    expect((router.state.location.state as { gift?: number } | null)?.gift).toBeUndefined();
  });
});
