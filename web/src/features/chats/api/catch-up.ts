import type { CatchUpResponse } from '@app/contract';
import { apiRequest } from '../../../api/client';

/** GET /api/messages.php?since=: every message after `since`, asked again while `more`. */
export async function catchUp(since: number): Promise<CatchUpResponse['messages']> {
  const all: CatchUpResponse['messages'] = [];
  let from = since;
  for (;;) {
    const page = await apiRequest<CatchUpResponse>('messages', { query: { since: from } });
    all.push(...page.messages);
    if (!page.more || page.messages.length === 0) return all;
    from = page.messages[page.messages.length - 1].seq;
  }
}
