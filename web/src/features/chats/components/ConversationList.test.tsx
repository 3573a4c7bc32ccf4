import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatListItem, ChatsResponse } from '@app/contract';
import { renderRoutes, seededQueryClient } from '../../../test/render';
import { deferred, jsonResponse, mockFetch } from '../../../test/http';
import { profileCardFixture, userFixture } from '../../../test/fixtures';
import { ConversationList } from './ConversationList';

const entry = (id: number, name: string, extra: Partial<ChatListItem> = {}): ChatListItem => ({
  conversation: { id },
  profile: { ...profileCardFixture, id: 100 + id, name, fictional: false },
  num_unread_messages: 0,
  last_message: {
    id: id * 10,
    type: 'text',
    preview: `Hoi ${name}`,
    mine: true,
    status: 'sent',
    created_at: new Date().toISOString(),
  },
  updated_at: new Date().toISOString(),
  ...extra,
});

const list = (chats: ChatListItem[]): ChatsResponse => ({
  chats,
  unread_messages: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0),
  new_likes: 0,
});

function render() {
  return renderRoutes(<ConversationList />, { queryClient: seededQueryClient(userFixture) });
}

async function removeFenna() {
  const entries = await screen.findAllByTestId('conversation-entry');
  expect(entries).toHaveLength(2);
  await userEvent.click(screen.getByRole('button', { name: 'Gesprek met Fenna verwijderen' }));
  const dialog = screen.getByRole('dialog', { name: 'Gesprek verwijderen?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
}

describe('the conversation list', () => {
  it('shows name, age, preview, unread count and the chat-pal label', async () => {
    mockFetch({
      'GET /api/chats.php': () =>
        jsonResponse(
          200,
          list([
            entry(1, 'Mila', {
              num_unread_messages: 120,
              profile: { ...profileCardFixture, id: 7, name: 'Mila', fictional: true },
              last_message: {
                id: 5,
                type: 'gift',
                preview: null,
                mine: false,
                status: 'sent',
                created_at: new Date().toISOString(),
              },
            }),
            entry(2, 'Fenna'),
          ]),
        ),
    });
    render();
    const [mila, fenna] = await screen.findAllByTestId('conversation-entry');
    expect(mila).toHaveTextContent('Mila');
    expect(mila).toHaveTextContent('29 jaar');
    expect(mila).toHaveTextContent('🎁 Cadeau');
    expect(mila).toHaveTextContent('99+');
    expect(within(mila).getByTestId('fictional-badge')).toBeInTheDocument();
    expect(within(mila).getByRole('link')).toHaveAttribute('href', '/chats/1');
    expect(fenna).toHaveTextContent('Jij: Hoi Fenna');
    expect(within(fenna).queryByTestId('fictional-badge')).toBeNull();
  });

  it('drops a removed conversation at once', async () => {
    let answer = list([entry(1, 'Mila'), entry(2, 'Fenna')]);
    const server = deferred();
    const { calls } = mockFetch({
      'GET /api/chats.php': () => jsonResponse(200, answer),
      'DELETE /api/chat.php': () => server.promise,
    });
    render();
    await removeFenna();
    // gone before the server has answered
    await waitFor(() => expect(screen.getAllByTestId('conversation-entry')).toHaveLength(1));
    expect(screen.queryByText('Fenna')).toBeNull();
    expect(calls.find((call) => call.method === 'DELETE')?.body).toEqual({ conversation: 2 });
    answer = list([entry(1, 'Mila')]);
    server.resolve(jsonResponse(200, { ok: true }));
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/chats.php')).length).toBe(2),
    );
    expect(screen.getAllByTestId('conversation-entry')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on a server failure shows the error in an alert and reloads the list', async () => {
    const { calls } = mockFetch({
      'GET /api/chats.php': () => jsonResponse(200, list([entry(1, 'Mila'), entry(2, 'Fenna')])),
      'DELETE /api/chat.php': () =>
        jsonResponse(409, { error: 'conflict', message: 'Dat lukte nu niet.' }),
    });
    render();
    await removeFenna();
    expect(await screen.findByRole('alert')).toHaveTextContent('Dat lukte nu niet.');
    // reloaded from the server: Fenna is back
    await waitFor(() => expect(screen.getAllByTestId('conversation-entry')).toHaveLength(2));
    expect(calls.filter((call) => call.url.startsWith('/api/chats.php')).length).toBeGreaterThan(1);
  });

  it('invites a member without conversations to find members', async () => {
    mockFetch({ 'GET /api/chats.php': () => jsonResponse(200, list([])) });
    render();
    expect(await screen.findByText('Nog geen gesprekken')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Leden zoeken' })).toHaveAttribute('href', '/members');
  });
});
