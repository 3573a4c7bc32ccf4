import { Injectable } from '@nestjs/common';
import {
  ANONYMOUS_NOTICE_CATEGORIES,
  type NoticeRequest,
  type NoticeResponse,
} from '@app/contract';
import { normalizeEmail } from '../accounts';
import { AppError } from '../common/app-error';
import { memberLanguage } from '../i18n/i18n';
import { MailOutbox } from '../mail';
import { ReportedContent } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';

/** A profile (`/members/<profile id>`) and optionally a photo (`photo=<id>`, `/photos/<id>`). */
function located(location: string): { profileId: number | null; photoId: number | null } {
  let path = location;
  try {
    path =
      new URL(location, 'http://site.invalid').pathname +
      new URL(location, 'http://site.invalid').search;
  } catch {
    // not a URL: the text is kept as it is, for staff
  }
  const profile = /\/members\/(\d{1,9})(?:\/|\?|$)/.exec(path);
  const photo = /(?:[?&]photo=|\/photos\/)(\d{1,9})/.exec(path);
  return {
    profileId: profile ? Number(profile[1]) : null,
    photoId: photo ? Number(photo[1]) : null,
  };
}

/**
 * Notices of illegal content (DSA art. 16): anyone, also a visitor, reports a profile or photo
 * with the reason, its exact location, an explanation, their name and e-mail address (not asked
 * for child sexual abuse material) and a statement of good faith. The notice lands in the staff
 * complaints queue as a complaint marked `notice`; the reporter gets an acknowledgement on screen
 * and by mail.
 */
@Injectable()
export class NoticesService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly outbox: MailOutbox,
    private readonly realtime: Realtime,
    private readonly reported: ReportedContent,
  ) {}

  async create(
    reporterId: number | null,
    input: NoticeRequest,
    meta: { ip?: string; language?: string },
  ): Promise<NoticeResponse> {
    const anonymous = ANONYMOUS_NOTICE_CATEGORIES.includes(input.category);
    const name = input.name?.trim() || null;
    const email = input.email?.trim() ? normalizeEmail(input.email) : null;
    if (reporterId === null && !anonymous) {
      if (!name) throw new AppError('notice_contact_required', {}, 'name');
      if (!email) throw new AppError('notice_contact_required', {}, 'email');
    }
    const { profileId, photoId } = located(input.location);
    // what the location points at: a member's profile or photo a visitor is shown (the access
    // rule; anything else, or hidden, is a notice about the site with its location)
    const found = await this.locate(profileId, photoId);
    const target = found?.userId ?? null;
    const photo = found?.photoId ? { id: found.photoId } : null;
    const { complaint, mail } = await this.prisma.$transaction(async (tx) => {
      const complaint = await tx.complaint.create({
        data: {
          about: target === null ? 'site' : photo ? 'photo' : 'member',
          reporterId,
          name: reporterId === null ? name : null,
          email: reporterId === null ? email : null,
          reporterIp: meta.ip?.slice(0, 45) ?? null,
          reportedUserId: target,
          photoId: target === null ? null : (photo?.id ?? null),
          subject: `DSA art. 16: ${input.category}`,
          message: input.explanation,
          notice: true,
          ground: input.category,
          location: input.location,
          goodFaith: input.good_faith,
        },
        select: { id: true, createdAt: true },
      });
      const mail =
        reporterId !== null
          ? await this.outbox.write(tx, {
              userId: reporterId,
              template: 'notice_received',
              params: { noticeId: complaint.id },
            })
          : email
            ? await this.outbox.write(tx, {
                userId: null,
                recipient: email,
                template: 'notice_received',
                params: { noticeId: complaint.id, language: memberLanguage(meta.language) },
              })
            : null;
      return { complaint, mail };
    });
    if (mail !== null) await this.outbox.dispatch([mail]);
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'complaints' });
    return { notice: { id: complaint.id, received_at: complaint.createdAt.toISOString() } };
  }

  /** The member (and photo) at a notice's location, as a visitor is shown them; else null. */
  private async locate(
    profileId: number | null,
    photoId: number | null,
  ): Promise<{ userId: number; photoId: number | null } | null> {
    if (profileId === null) return null;
    const visitor = null;
    if (photoId !== null) {
      const shown = await this.reported.photo(visitor, profileId, photoId).catch(notFound);
      if (shown) return { userId: shown.member.userId, photoId: shown.photo.id };
    }
    const member = await this.reported.member(visitor, profileId).catch(notFound);
    return member ? { userId: member.userId, photoId: null } : null;
  }
}

/** A read the access rule answered 404: nothing there for this viewer. */
function notFound(error: unknown): null {
  if (error instanceof AppError && error.code === 'not_found') return null;
  throw error;
}
