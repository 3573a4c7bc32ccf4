/**
 * What the console may show of a job (issue 36, point 6): only ids travel in jobs, but a
 * payload is whatever its producer wrote, so the summary keeps numbers, yes/no and id-like
 * strings, and hides every other value (a text, an object, a list) behind HIDDEN. A failure's
 * message can quote what it failed on: e-mail and IP addresses are taken out, and it is cut.
 */
export const HIDDEN = '•••';

const ID_KEY = /^(id|reqId|requestId|ref|kind|type|event)$|(Id|_id|Ref|_ref)$/;
const ID_VALUE = /^[\w.:-]{1,80}$/;
const MAX_KEYS = 20;
const MAX_REASON = 300;

export function summarizePayload(data: unknown): Record<string, string | number | boolean> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const summary: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(data).slice(0, MAX_KEYS)) {
    if (typeof value === 'number' || typeof value === 'boolean') summary[key] = value;
    else if (typeof value === 'string' && ID_KEY.test(key) && ID_VALUE.test(value)) {
      summary[key] = value;
    } else summary[key] = HIDDEN;
  }
  return summary;
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /\b(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{1,4}\b/gi;

export function summarizeFailure(reason: string | undefined | null): string | null {
  if (!reason) return null;
  const clean = reason
    .replace(EMAIL, HIDDEN)
    .replace(IPV4, HIDDEN)
    .replace(IPV6, HIDDEN)
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_REASON ? `${clean.slice(0, MAX_REASON - 1)}…` : clean;
}
