import type { ChatMessage } from '@app/contract';
import {
  dayLabel,
  highestReceivedSeq,
  highestSeq,
  keptScrollTop,
  mergeMessages,
  ownStatus,
  withDaySeparators,
} from './messages';

function message(id: number, seq: number, extra: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    seq,
    conversation_id: 7,
    sender: 1,
    mine: false,
    type: 'text',
    text: `bericht ${id}`,
    image: null,
    gift: null,
    credits: 0,
    status: 'sent',
    created_at: new Date(2026, 10, 24, 12, id).toISOString(),
    ...extra,
  };
}

describe('merging messages', () => {
  it('shows a message that arrives twice (socket and catch-up) once', () => {
    const held = [message(1, 10), message(2, 11)];
    const merged = mergeMessages(held, [message(2, 11), message(3, 12), message(3, 12)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
  });

  it('keeps seq order when an older page or a late message comes in', () => {
    const merged = mergeMessages(
      [message(5, 20), message(6, 21)],
      [message(3, 12), message(4, 13)],
    );
    expect(merged.map((m) => m.seq)).toEqual([12, 13, 20, 21]);
    expect(mergeMessages(merged, [message(7, 19)]).map((m) => m.id)).toEqual([3, 4, 7, 5, 6]);
  });

  it('moves a released held message to its new seq and status, still once', () => {
    const mine = message(1, 10, { mine: true, status: 'held' });
    const merged = mergeMessages([mine, message(2, 11)], [{ ...mine, seq: 30, status: 'sent' }]);
    expect(merged.map((m) => [m.id, m.seq, m.status])).toEqual([
      [2, 11, 'sent'],
      [1, 30, 'sent'],
    ]);
  });

  it('returns the same array when nothing changed, so nothing re-renders', () => {
    const held = [message(1, 10)];
    expect(mergeMessages(held, [message(1, 10)])).toBe(held);
    expect(mergeMessages(held, [])).toBe(held);
  });

  it('knows the highest seq held and the highest of the other member', () => {
    const list = [message(1, 10), message(2, 14, { mine: true }), message(3, 12)];
    expect(highestSeq(list)).toBe(14);
    expect(highestReceivedSeq(list)).toBe(12);
    expect(highestSeq([])).toBe(0);
  });
});

describe('the status of an own message', () => {
  it('rises with the delivery and read markers of the other member', () => {
    const sent = { seq: 20, status: 'sent' as const };
    expect(ownStatus(sent, 0, 0)).toBe('sent');
    expect(ownStatus(sent, 0, 20)).toBe('delivered');
    expect(ownStatus(sent, 25, 20)).toBe('read');
    expect(ownStatus(sent, 19, 19)).toBe('sent');
  });

  it('never falls below what the server said, and a held message stays held', () => {
    expect(ownStatus({ seq: 20, status: 'read' }, 0, 0)).toBe('read');
    expect(ownStatus({ seq: 20, status: 'held' }, 99, 99)).toBe('held');
  });
});

describe('day separators', () => {
  it('puts one separator before the first message of each local day', () => {
    const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
    const items = withDaySeparators([
      message(1, 1, { created_at: at(22, 9) }),
      message(2, 2, { created_at: at(22, 23) }),
      message(3, 3, { created_at: at(23, 0) }),
      message(4, 4, { created_at: at(24, 8) }),
    ]);
    expect(items.map((item) => (item.kind === 'day' ? 'day' : item.message.id))).toEqual([
      'day',
      1,
      2,
      'day',
      3,
      'day',
      4,
    ]);
    expect(new Set(items.map((item) => item.key)).size).toBe(items.length);
  });

  it('names today and yesterday, and other days by their date', () => {
    const now = new Date(2026, 10, 24, 10);
    expect(dayLabel(new Date(2026, 10, 24, 0, 5), now)).toEqual({ kind: 'today' });
    expect(dayLabel(new Date(2026, 10, 23, 23, 59), now)).toEqual({ kind: 'yesterday' });
    expect(dayLabel(new Date(2026, 10, 22, 12), now).kind).toBe('date');
    // across a month boundary
    expect(dayLabel(new Date(2026, 10, 30, 12), new Date(2026, 11, 1, 8))).toEqual({
      kind: 'yesterday',
    });
  });
});

describe('keeping the view when older messages are put above', () => {
  it('moves the scroll position down by exactly the height added', () => {
    expect(keptScrollTop({ scrollHeight: 2000, scrollTop: 40 }, 3200)).toBe(1240);
    expect(keptScrollTop({ scrollHeight: 2000, scrollTop: 0 }, 2000)).toBe(0);
  });
});
