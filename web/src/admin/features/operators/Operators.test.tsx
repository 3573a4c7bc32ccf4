import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorReviewResponse, OperatorsResponse } from '@app/contract';
import { createRoutes } from '../../../app/router';
import { jsonResponse } from '../../../test/http';
import { consoleRenderer, staffAdmin as admin } from '../../../test/console';

jest.mock('socket.io-client', () =>
  jest
    .requireActual<typeof import('../../../test/staff-socket')>('../../../test/staff-socket')
    .socketIoModule(),
);

const figures = {
  operator: { id: 5, name: 'Olga' },
  answered_conversations: 12,
  replies: 30,
  photos: 4,
  gifts: 2,
  median_seconds: 95,
  p90_seconds: 600,
};

const review = (text: string): OperatorReviewResponse => ({
  days: 30,
  figures,
  sample: [
    {
      message_id: 77,
      conversation_id: 3,
      at: '2026-11-28T10:00:00.000Z',
      type: 'text',
      text,
      gift: null,
      waited_seconds: 45,
      partner: { id: 100, name: 'Sanne', fictional: true },
      member: { id: 201, name: 'Lid1' },
      in_reply_to: 'Hoe was je dag?',
    },
    {
      message_id: 78,
      conversation_id: 4,
      at: '2026-11-28T09:00:00.000Z',
      type: 'photo',
      text: null,
      gift: null,
      waited_seconds: null,
      partner: { id: 100, name: 'Sanne', fictional: true },
      member: { id: 202, name: 'Lid2' },
      in_reply_to: null,
    },
  ],
});

const renderConsole = consoleRenderer(createRoutes);

jest.setTimeout(30_000);

describe('the operators’ review (admins)', () => {
  it('lists each operator’s answered conversations, replies and reply times for the chosen period', async () => {
    const { calls } = renderConsole('/admin/operators', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'GET /api/staff/operators': (call) =>
        jsonResponse(200, {
          days: Number(new URL(call.url, 'http://x').searchParams.get('days')),
          operators: [
            figures,
            {
              ...figures,
              operator: { id: 6, name: 'Piet' },
              replies: 0,
              answered_conversations: 0,
              median_seconds: null,
              p90_seconds: null,
            },
          ],
        } satisfies OperatorsResponse),
    });
    const link = await screen.findByRole('link', { name: 'Olga' });
    expect(link).toHaveAttribute('href', '/admin/operators/5?days=7');
    const row = link.closest('tr')!;
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByText('30')).toBeInTheDocument();
    expect(within(row).getByText('4 / 2')).toBeInTheDocument();
    expect(
      within(screen.getByRole('link', { name: 'Piet' }).closest('tr')!).getAllByText('–'),
    ).toHaveLength(2);
    fireEvent.click(screen.getByRole('link', { name: '30 dagen' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('days=30'))).toBe(true));
    expect(await screen.findByRole('link', { name: '30 dagen' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('shows one operator’s figures and a random sample of replies beside the member’s messages, and draws another sample', async () => {
    let reads = 0;
    renderConsole('/admin/operators/5?days=30', {
      'GET /api/staff/me': () => jsonResponse(200, { staff: admin }),
      'GET /api/staff/operators/5': () => {
        reads += 1;
        return jsonResponse(200, review(reads === 1 ? 'Heerlijk, en de jouwe?' : 'Altijd!'));
      },
    });
    expect(await screen.findByRole('heading', { name: 'Beoordeling: Olga' })).toBeInTheDocument();
    expect(screen.getByText('Beantwoorde gesprekken').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Heerlijk, en de jouwe?')).toBeInTheDocument();
    expect(screen.getByText('Hoe was je dag?')).toBeInTheDocument();
    expect(screen.getByText(/Sanne aan Lid1/)).toBeInTheDocument();
    expect(screen.getAllByText('Fictief').length).toBe(2);
    expect(screen.getByText(/Foto uit de bibliotheek/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Nieuwe steekproef' }));
    expect(await screen.findByText('Altijd!')).toBeInTheDocument();
  });
});
