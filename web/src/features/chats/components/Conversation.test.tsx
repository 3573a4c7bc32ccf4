import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage, ChatResponse } from '@app/contract';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { jsonResponse, mockFetch } from '../../../test/http';
import { profileCardFixture, settingsFixture, userFixture } from '../../../test/fixtures';
import { userQueryKey } from '../../../api/user';
import { Conversation } from './Conversation';

// the socket, faked at the feature's one door to it: tests fire server events and see emits.
// Listeners come and go with the components, as the real hook's do (an effect per listener).
const mockListeners = new Map<string, Set<(payload: unknown) => void>>();
const emitted: [string, unknown][] = [];
jest.mock('../realtime', () => {
  const { useEffect, useRef } = jest.requireActual<typeof import('react')>('react');
  const useListener = (event: string, handler: (payload: unknown) => void) => {
    const latest = useRef(handler);
    latest.current = handler;
    useEffect(() => {
      const listener = (payload: unknown) => latest.current(payload);
      const set = mockListeners.get(event) ?? new Set();
      mockListeners.set(event, set.add(listener));
      return () => void set.delete(listener);
    }, [event]);
  };
  return {
    useRealtimeEvent: useListener,
    useRealtimeEmit: () => (event: string, payload: unknown) => emitted.push([event, payload]),
    useRealtimeStatus: () => 'connected',
    useRealtimeReconnect: (handler: () => void) => useListener('reconnect', handler),
    useRealtimeFirstConnect: (handler: () => void) => useListener('first-connect', handler),
  };
});
function fire(event: string, payload: unknown) {
  act(() => {
    for (const listener of mockListeners.get(event) ?? []) listener(payload);
  });
}

const sent = (id: number, text: string): ChatMessage => ({
  id,
  seq: 100 + id,
  conversation_id: 7,
  sender: userFixture.profile.id,
  mine: true,
  type: 'text',
  text,
  image: null,
  gift: null,
  credits: 10,
  status: 'sent',
  created_at: new Date().toISOString(),
});

function chat(extra: Partial<ChatResponse> = {}): ChatResponse {
  return {
    conversation: { id: 7, read_seq: 0, delivered_seq: 0 },
    profile: profileCardFixture,
    messages: [],
    has_older: false,
    costs: { text: 10, photo: 15 },
    can_start: true,
    held: false,
    fictional: profileCardFixture.fictional,
    ...extra,
  };
}

function renderConversation(answer: ChatResponse, user = { ...userFixture, credits: 50 }) {
  const queryClient = seededQueryClient(user);
  const view = renderRoutes(<Conversation target={{ conversation: 7 }} />, { queryClient });
  return { ...view, queryClient };
}

describe('a conversation', () => {
  it('sends a message again after a network error with the same Idempotency-Key, once stored', async () => {
    let tries = 0;
    const { calls } = mockFetch({
      'GET /api/chat.php': () => jsonResponse(200, chat()),
      'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
      'POST /api/message.php': () => {
        tries += 1;
        if (tries === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(201, { message: sent(1, 'Hoi Mila!'), credits: 40 });
      },
    });
    const { queryClient } = renderConversation(chat());
    const box = await screen.findByRole('textbox', { name: 'Bericht' });
    await userEvent.type(box, 'Hoi Mila!');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));

    const alert = await screen.findByTestId('send-error');
    expect(alert).toHaveTextContent('niet verstuurd');
    expect(box).toHaveValue('Hoi Mila!');
    await userEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));

    await screen.findByText('Hoi Mila!', { selector: '.chat-bubble__text' });
    const sends = calls.filter((call) => call.url.startsWith('/api/message.php'));
    expect(sends).toHaveLength(2);
    const keys = sends.map((call) => call.headers['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sends[0].body).toEqual({ type: 'text', conversation: 7, text: 'Hoi Mila!' });
    expect(box).toHaveValue('');
    // the answer's balance is the navigation's balance
    expect(queryClient.getQueryData(userQueryKey)?.user?.credits).toBe(40);

    // the next message is another message: a new key
    await userEvent.type(box, 'Nog een{Enter}');
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/message.php'))).toHaveLength(3),
    );
    const third = calls.filter((call) => call.url.startsWith('/api/message.php'))[2];
    expect(third.headers['Idempotency-Key']).not.toBe(keys[0]);
  });

  it('opens the insufficient-credits modal with the buy button and keeps the typed text', async () => {
    mockFetch({
      'GET /api/chat.php': () => jsonResponse(200, chat()),
      'POST /api/message.php': () =>
        jsonResponse(402, { error: 'insufficient_credits', message: 'Niet genoeg credits.' }),
    });
    renderConversation(chat(), { ...userFixture, credits: 5 });
    const box = await screen.findByRole('textbox', { name: 'Bericht' });
    await userEvent.type(box, 'Zullen we afspreken?');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const modal = await screen.findByRole('dialog', { name: 'Niet genoeg credits' });
    expect(within(modal).getByRole('link', { name: 'Credits kopen' })).toHaveAttribute(
      'href',
      '/credits',
    );
    expect(modal).toHaveTextContent('Nodig: 10 credits. Je saldo: 5 credits.');
    expect(box).toHaveValue('Zullen we afspreken?');
  });

  it('shows a refusal other than credits or premium inline, in the server’s words, text kept', async () => {
    mockFetch({
      'GET /api/chat.php': () => jsonResponse(200, chat()),
      'POST /api/message.php': () =>
        jsonResponse(404, { error: 'not_found', message: 'Dit lid is niet bereikbaar.' }),
    });
    renderConversation(chat());
    const box = await screen.findByRole('textbox', { name: 'Bericht' });
    await userEvent.type(box, 'Hallo?');
    await userEvent.click(screen.getByRole('button', { name: 'Versturen' }));
    const alert = await screen.findByTestId('send-error');
    expect(alert).toHaveTextContent('Dit lid is niet bereikbaar.');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(box).toHaveValue('Hallo?');
  });

  it('refuses a third new conversation of a free member with the premium-only modal, without sending', async () => {
    const { calls } = mockFetch({
      'GET /api/chat.php': () => jsonResponse(200, chat({ conversation: null, can_start: false })),
    });
    renderConversation(chat());
    const box = await screen.findByRole('textbox', { name: 'Bericht' });
    await userEvent.type(box, 'Hoi!{Enter}');
    const modal = await screen.findByRole('dialog', { name: 'Alleen voor premium leden' });
    expect(within(modal).getByRole('link', { name: /Word premium/ })).toHaveAttribute(
      'href',
      '/premium',
    );
    expect(calls.some((call) => call.url.startsWith('/api/message.php'))).toBe(false);
  });

  it('counts the characters against message_length and will not send a text that is too long', async () => {
    mockFetch({ 'GET /api/chat.php': () => jsonResponse(200, chat()) });
    renderConversation(chat());
    const box = await screen.findByRole('textbox', { name: 'Bericht' });
    await userEvent.click(box);
    await userEvent.paste('x'.repeat(settingsFixture.message_length + 1));
    expect(
      screen.getByText(`${settingsFixture.message_length + 1}/${settingsFixture.message_length}`),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Versturen' })).toBeDisabled();
  });

  it('shows the fictional label and warning, the held note and the openers of an empty conversation', async () => {
    mockFetch({
      'GET /api/chat.php': () => jsonResponse(200, chat({ held: true })),
      'GET /api/icebreakers.php': () => jsonResponse(200, { icebreakers: ['travel'] }),
    });
    renderConversation(chat());
    expect(await screen.findByTestId('fictional-badge')).toBeInTheDocument();
    expect(screen.getByText(settingsFixture.fictional_warning)).toBeInTheDocument();
    expect(screen.getByTestId('held-note')).toHaveTextContent(
      'Je berichten worden vastgehouden tot je je e-mailadres bevestigt.',
    );
    await userEvent.click(screen.getAllByRole('button', { name: /Openingszin kiezen/ })[0]);
    const opener = await screen.findByRole('button', { name: /Als je morgen overal heen kon/ });
    await userEvent.click(opener);
    expect(screen.getByRole('textbox', { name: 'Bericht' })).toHaveValue(
      'Als je morgen overal heen kon reizen, waar zou je dan naartoe gaan?',
    );
  });

  it('appends a live message once however often it comes, reports it delivered and read, and shows typing first', async () => {
    const { calls } = mockFetch({
      'GET /api/chat.php': () => jsonResponse(200, chat({ messages: [sent(1, 'Hoi Mila!')] })),
      'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    });
    emitted.length = 0;
    renderConversation(chat());
    await screen.findByText('Hoi Mila!', { selector: '.chat-bubble__text' });

    fire('typing', { conversation_id: 7, profile_id: profileCardFixture.id });
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Mila typt');
    fire('typing', { conversation_id: 99, profile_id: 1 });

    const reply: ChatMessage = {
      ...sent(2, 'Hoi Sanne!'),
      seq: 150,
      mine: false,
      sender: profileCardFixture.id,
      credits: 0,
    };
    fire('message:new', { message: reply });
    fire('message:new', { message: reply });
    fire('message:new', { message: { ...reply, id: 3, conversation_id: 99, text: 'Elders' } });
    expect(screen.getAllByText('Hoi Sanne!')).toHaveLength(1);
    expect(screen.queryByText('Elders')).toBeNull();
    expect(screen.queryByTestId('typing-indicator')).toBeNull();
    await waitFor(() =>
      expect(emitted).toContainEqual(['delivered', { conversation_id: 7, seq: 150 }]),
    );
    await waitFor(() =>
      expect(
        calls.some(
          (call) =>
            call.url.startsWith('/api/chat-read.php') &&
            JSON.stringify(call.body) === JSON.stringify({ conversation: 7, seq: 150 }),
        ),
      ).toBe(true),
    );

    // the other member read up to the own message: its mark turns to read
    expect(screen.getByTestId('message-status')).toHaveAttribute('data-status', 'sent');
    fire('read', { conversation_id: 7, seq: 101 });
    expect(screen.getByTestId('message-status')).toHaveAttribute('data-status', 'read');
  });

  it('shows a message that arrived while the conversation was still being opened', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch({
      'GET /api/chat.php': () => new Promise<Response>((resolve) => (answer = resolve)),
      'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    });
    renderConversation(chat());
    await screen.findByRole('status');
    // the server read the page before this message was stored, and sent it before the view was up
    const early: ChatMessage = {
      ...sent(2, 'Ben je er nog?'),
      seq: 150,
      mine: false,
      sender: profileCardFixture.id,
      credits: 0,
    };
    fire('message:new', { message: early });
    fire('message:new', { message: { ...early, id: 3, conversation_id: 99, text: 'Elders' } });
    answer(jsonResponse(200, chat({ messages: [sent(1, 'Hoi Mila!')] })));

    await screen.findByText('Hoi Mila!', { selector: '.chat-bubble__text' });
    expect(screen.getAllByText('Ben je er nog?', { selector: '.chat-bubble__text' })).toHaveLength(
      1,
    );
    expect(screen.queryByText('Elders')).toBeNull();
    // arriving again later (a catch-up, a second delivery) it is still shown once
    fire('message:new', { message: early });
    expect(screen.getAllByText('Ben je er nog?', { selector: '.chat-bubble__text' })).toHaveLength(
      1,
    );
  });

  it('catches up after an unrecovered reconnect from the highest seq it holds, showing each message once', async () => {
    const reply = (id: number, seq: number, conversation_id = 7): ChatMessage => ({
      ...sent(id, `Antwoord ${id}`),
      seq,
      conversation_id,
      mine: false,
      sender: profileCardFixture.id,
    });
    const { calls } = mockFetch({
      'GET /api/chat.php': () =>
        jsonResponse(200, chat({ messages: [sent(1, 'Hoi Mila!'), reply(2, 102)] })),
      'GET /api/messages.php': (call) =>
        call.url.includes('since=102')
          ? jsonResponse(200, {
              messages: [reply(2, 102), reply(3, 103), reply(4, 104, 99)],
              more: true,
            })
          : jsonResponse(200, { messages: [reply(5, 105)], more: false }),
      'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    });
    renderConversation(chat());
    await screen.findByText('Antwoord 2');
    fire('reconnect', undefined);
    await screen.findByText('Antwoord 5');
    expect(screen.getAllByText('Antwoord 2')).toHaveLength(1);
    expect(screen.getByText('Antwoord 3')).toBeInTheDocument();
    expect(screen.queryByText('Antwoord 4')).toBeNull(); // another conversation's
    const asked = calls.filter((call) => call.url.startsWith('/api/messages.php'));
    expect(asked.map((call) => call.url)).toEqual([
      '/api/messages.php?since=102',
      '/api/messages.php?since=104',
    ]);
  });

  it('reads the newest page again when the socket first connects after the load, showing a message sent in between once', async () => {
    const reply: ChatMessage = {
      ...sent(2, 'Ben je er?'),
      mine: false,
      sender: profileCardFixture.id,
    };
    let loads = 0;
    const { calls } = mockFetch({
      // the first load was read before the reply; the socket was not in its rooms yet
      'GET /api/chat.php': () => {
        loads += 1;
        const messages = loads === 1 ? [sent(1, 'Hoi Mila!')] : [sent(1, 'Hoi Mila!'), reply];
        return jsonResponse(
          200,
          chat({ messages, conversation: { id: 7, read_seq: 101, delivered_seq: 101 } }),
        );
      },
      'POST /api/chat-read.php': () => jsonResponse(200, { ok: true }),
      'GET /api/chats.php': () =>
        jsonResponse(200, { chats: [], unread_messages: 0, new_likes: 0 }),
    });
    renderConversation(chat());
    await screen.findByText('Hoi Mila!', { selector: '.chat-bubble__text' });
    expect(screen.queryByText('Ben je er?')).toBeNull();
    fire('first-connect', undefined);
    await screen.findByText('Ben je er?');
    expect(screen.getAllByText('Hoi Mila!', { selector: '.chat-bubble__text' })).toHaveLength(1);
    // the newest page, not a catch-up from a seq: nothing was held that a reconnect could lose
    expect(calls.filter((call) => call.url.startsWith('/api/messages.php'))).toHaveLength(0);
  });
});
