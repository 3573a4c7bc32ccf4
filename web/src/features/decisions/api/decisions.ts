/**
 * Statements of reasons and appeals (issue 35): the member's own (logged in), or a banned
 * member's by the token of the ban mail's link; and the notice form (anyone).
 */
import type {
  AppealResponse,
  NoticeRequest,
  NoticeResponse,
  StatementsResponse,
} from '@app/contract';
import { apiRequest } from '../../../api/client';

/** GET /api/statements.php, or /api/statements/access?token= for a banned member's link. */
export function fetchStatements(token: string | null): Promise<StatementsResponse> {
  return token
    ? apiRequest<StatementsResponse>('statements/access', { query: { token } })
    : apiRequest<StatementsResponse>('statements');
}

/** POST an appeal: 409 appeal_exists, appeal_window_closed. */
export function sendAppeal(token: string | null, id: number, text: string) {
  return token
    ? apiRequest<AppealResponse>(`statements/access/${id}/appeal`, {
        method: 'POST',
        query: { token },
        body: { text },
      })
    : apiRequest<AppealResponse>(`statements/${id}/appeal`, { method: 'POST', body: { text } });
}

/** POST /api/notice.php: 400 notice_contact_required, 429 rate_limited. */
export function sendNotice(body: NoticeRequest): Promise<NoticeResponse> {
  return apiRequest<NoticeResponse>('notice', { method: 'POST', body });
}
