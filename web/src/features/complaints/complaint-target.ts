import { COMPLAINT_ABOUT, type ComplaintAbout } from '@app/contract/constants';

/** What the page was opened for: `/complaints?about=photo&member=7&photo=12` (report buttons). */
export interface ComplaintTarget {
  about: ComplaintAbout;
  member: number | null;
  photo: number | null;
  message: number | null;
}

/** A positive database id from a query parameter, else null. */
function idParam(value: string | null): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/**
 * The target from the query string: the ids the report buttons give, and what the complaint is
 * about (as asked, else a member when one is named, else the site).
 */
export function complaintTarget(params: URLSearchParams): ComplaintTarget {
  const member = idParam(params.get('member'));
  const photo = idParam(params.get('photo'));
  const message = idParam(params.get('message'));
  const asked = params.get('about');
  const about = COMPLAINT_ABOUT.includes(asked as ComplaintAbout)
    ? (asked as ComplaintAbout)
    : member
      ? 'member'
      : 'site';
  return { about, member, photo, message };
}

/**
 * What is still missing to send a complaint about `about`: the member (every kind but site), and
 * the photo or message (given by the button next to it). Null when nothing is missing.
 */
export function missingTarget(
  about: ComplaintAbout,
  target: ComplaintTarget,
): 'member' | 'photo' | 'message' | null {
  if (about === 'site') return null;
  if (!target.member) return 'member';
  if (about === 'photo' && !target.photo) return 'photo';
  if (about === 'message' && !target.message) return 'message';
  return null;
}
