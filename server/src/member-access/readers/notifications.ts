import { Injectable } from '@nestjs/common';
import type { Gender } from '../../generated/prisma/client';
import { ageOn } from '../../common/age';
import { PrismaService } from '../../prisma/prisma.service';
import { queryRows } from '../../prisma/sql';
import { notificationFactsStatement } from './notifications.sql';
import { visibleProfileWhere } from '../visibility';

export interface NotificationFacts {
  /** Null: the recipient may not see the member any more (blocked, gone): nothing to tell. */
  actorName: string | null;
  /** Unread messages plus new likes (the app badge). */
  badge: number;
}

/** A member a notification mail names: profile name only (and age, with a link, when listed). */
export interface MailedMember {
  profileId: number;
  name: string;
  age: number;
}

/** Up to this many newest candidates are read per (gender sought, country) for the weekly update. */
const CANDIDATES_PER_GROUP = 30;

/**
 * What notifications (web push, mail) say about other members, read under the visibility rule:
 * a push's facts (one prepared statement per event), the names of senders and likers a member
 * may see, and the weekly update's new members, chosen for many members at once (one query per
 * kind sought and country, one for the blocks).
 */
@Injectable()
export class NotificationReads {
  constructor(private readonly prisma: PrismaService) {}

  async facts(recipientId: number, actorId: number): Promise<NotificationFacts> {
    const rows = await queryRows(
      this.prisma.pool,
      notificationFactsStatement(recipientId, actorId),
    );
    const row = rows[0];
    return { actorName: row.actor_name, badge: row.unread + row.new_likes };
  }

  /** The profile names of `userIds` that `viewerId` may see (their own profile page rule). */
  async names(viewerId: number, userIds: number[]): Promise<Map<number, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: {
        AND: [
          visibleProfileWhere({ userId: viewerId, roles: [], paidUser: false }, 'card'),
          { userId: { in: userIds } },
        ],
      },
      select: { userId: true, name: true },
    });
    return new Map(rows.map((r) => [r.userId, r.name]));
  }

  /**
   * For each member, up to `count` members who joined since `since`, of the gender they seek
   * (any when none), in their country, with an approved main photo, and whom they may see in
   * lists (active, confirmed, not invisible, no block either way; chat pals left out), newest
   * first.
   */
  async newMembers(
    members: { userId: number; seekingGender: Gender | null; countryCode: string }[],
    since: Date,
    count: number,
    now = new Date(),
  ): Promise<Map<number, MailedMember[]>> {
    const groups = new Map<string, { gender: Gender | null; country: string }>();
    for (const m of members) {
      groups.set(`${m.seekingGender ?? ''}:${m.countryCode}`, {
        gender: m.seekingGender,
        country: m.countryCode,
      });
    }
    const candidates = new Map<string, { userId: number; id: number; name: string; dob: Date }[]>();
    await Promise.all(
      [...groups].map(async ([key, group]) => {
        const rows = await this.prisma.profile.findMany({
          where: {
            AND: [
              visibleProfileWhere(null, 'list'),
              {
                fictional: false,
                hasPhoto: true,
                countryCode: group.country,
                createdAt: { gte: since },
                ...(group.gender ? { gender: group.gender } : {}),
              },
            ],
          },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take: CANDIDATES_PER_GROUP,
          select: { id: true, userId: true, name: true, dateOfBirth: true },
        });
        candidates.set(
          key,
          rows.map((r) => ({ userId: r.userId, id: r.id, name: r.name, dob: r.dateOfBirth })),
        );
      }),
    );
    const viewerIds = members.map((m) => m.userId);
    const candidateIds = [...new Set([...candidates.values()].flat().map((c) => c.userId))];
    const blocks = candidateIds.length
      ? await this.prisma.block.findMany({
          where: {
            OR: [
              { blockerId: { in: viewerIds }, blockedId: { in: candidateIds } },
              { blockerId: { in: candidateIds }, blockedId: { in: viewerIds } },
            ],
          },
          select: { blockerId: true, blockedId: true },
        })
      : [];
    const blocked = new Set(
      blocks.flatMap((b) => [`${b.blockerId}:${b.blockedId}`, `${b.blockedId}:${b.blockerId}`]),
    );
    const chosen = new Map<number, MailedMember[]>();
    for (const m of members) {
      const list = (candidates.get(`${m.seekingGender ?? ''}:${m.countryCode}`) ?? [])
        .filter((c) => c.userId !== m.userId && !blocked.has(`${m.userId}:${c.userId}`))
        .slice(0, count)
        .map((c) => ({ profileId: c.id, name: c.name, age: ageOn(c.dob, now) }));
      chosen.set(m.userId, list);
    }
    return chosen;
  }
}
