import { Injectable, Logger } from '@nestjs/common';
import {
  VISITORS_PAGE_SIZE,
  type VisitorSettingsResponse,
  type VisitorsResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { ProfileVisits, type Viewer } from '../member-access';
import { Notifier } from '../notifications';
import { PrismaService } from '../prisma/prisma.service';
import { Realtime } from '../realtime';
import { SettingsService, seesWho } from '../settings';
import { keptSince, retentionDays } from './visit-retention';

/**
 * Who viewed my profile (issue 38 item 1). Opening a member's profile page records a visit,
 * after the page is read and without holding its answer (`recordAfterRead`): at most one per
 * visitor, member and day, never by invisible members, between blocked members, of chat pals,
 * or by premium members who browse unseen (the rule is member-access's ProfileVisits). The first
 * visit of the day tells the visited member live (`visits:changed`) and by push (preference
 * `visits`). The page lists the visitors of the retention period (site setting
 * visit_retention_days), newest first: premium members see who, free members how many and when
 * (or who as well, while the site setting free_members_see_visitors is `everything`).
 */
@Injectable()
export class VisitsService {
  private readonly logger = new Logger('Visits');

  constructor(
    private readonly prisma: PrismaService,
    private readonly visits: ProfileVisits,
    private readonly settings: SettingsService,
    private readonly realtime: Realtime,
    private readonly notifier: Notifier,
  ) {}

  /**
   * Records the visit in the background: the profile page's answer never waits for it, and a
   * failure is logged, never the page's error.
   */
  recordAfterRead(viewer: Viewer, profileId: number): void {
    if (!viewer || viewer.roles.length > 0) return;
    this.record(viewer, profileId).catch((error: unknown) =>
      this.logger.warn(`visit of profile ${profileId} not recorded: ${String(error)}`),
    );
  }

  /** Records the visit now; the visited account when it was the first of the day. */
  async record(
    viewer: NonNullable<Viewer>,
    profileId: number,
    now = new Date(),
  ): Promise<number | null> {
    const visited = await this.visits.record(viewer, profileId, now);
    if (visited === null) return null;
    this.realtime.toMember(visited, 'visits:changed');
    void this.notifier.notify({ kind: 'visit', recipientId: visited, actorId: viewer.userId });
    return visited;
  }

  /** GET /api/visitors.php: a page of the member's visitors. */
  async list(
    viewer: NonNullable<Viewer>,
    page: number,
    now = new Date(),
  ): Promise<VisitorsResponse> {
    const stored = await this.settings.stored();
    const days = retentionDays(stored);
    // premium members see who; free members too while free_members_see_visitors is `everything`
    const who = seesWho('visitors', viewer, stored);
    const [found, own] = await Promise.all([
      this.visits.visitorsOf(
        viewer,
        {
          since: keptSince(days, now),
          take: VISITORS_PAGE_SIZE,
          skip: (page - 1) * VISITORS_PAGE_SIZE,
          who,
        },
        now,
      ),
      this.prisma.user.findUniqueOrThrow({
        where: { id: viewer.userId },
        select: { browseUnseen: true },
      }),
    ]);
    return {
      total: found.total,
      page,
      pages: Math.max(1, Math.ceil(found.total / VISITORS_PAGE_SIZE)),
      premium: who,
      retention_days: days,
      browse_unseen: own.browseUnseen && viewer.paidUser,
      visitors: found.visitors.map((visit) => ({
        visited_at: visit.visitedAt.toISOString(),
        profile: who ? visit.card : null,
      })),
    };
  }

  /** GET /api/visitor-settings.php: browsing unseen counts only while the member is premium. */
  async readSettings(viewer: NonNullable<Viewer>): Promise<VisitorSettingsResponse> {
    const own = await this.prisma.user.findUniqueOrThrow({
      where: { id: viewer.userId },
      select: { browseUnseen: true },
    });
    return { browse_unseen: own.browseUnseen && viewer.paidUser };
  }

  /** PUT /api/visitor-settings.php: only a premium member may switch browsing unseen on. */
  async setBrowseUnseen(
    viewer: NonNullable<Viewer>,
    browseUnseen: boolean,
  ): Promise<VisitorSettingsResponse> {
    if (browseUnseen && !viewer.paidUser) throw new AppError('premium_only');
    await this.prisma.user.update({ where: { id: viewer.userId }, data: { browseUnseen } });
    return { browse_unseen: browseUnseen };
  }
}
