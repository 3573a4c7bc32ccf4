import { Injectable } from '@nestjs/common';
import type { MemberProfile, ModerationListResponse, PhotoStatus } from '@app/contract';
import { RELATED_PROFILES_COUNT } from '@app/contract';
import type { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { PG_ROW_TYPES } from '../prisma/pg-types';
import { listStatement, type ListCriteria, type ListPage, type ListRow } from './list-query';
import {
  PROFILE_CARD_SELECT,
  presentProfileCard,
  type ProfileCard,
  type ProfileCardRow,
} from './card.presenter';
import { PHOTO_SELECT, PhotoPresenter, type PhotoRow } from './photo.presenter';
import { PROFILE_DETAILS_SELECT, presentProfileDetails } from './details.presenter';
import { isStaff, visibleProfileWhere, type Viewer } from './visibility';
import { privacyPartnersAmong } from './privacy-partner';
import {
  CHAT_LIST_SQL,
  CHAT_PARTNER_IDS_SQL,
  CHAT_PARTNER_IN_SQL,
  CHAT_PARTNER_SQL,
  LIKES_SQL,
  cardRowOf,
  type ChatListColumns,
  type ChatPartnerColumns,
  type LikeColumns,
} from './fast-reads';

/** What a profile page needs beyond the card. */
const PROFILE_PAGE_SELECT = {
  ...PROFILE_CARD_SELECT,
  ...PROFILE_DETAILS_SELECT,
  mainPhotoId: true,
} satisfies Prisma.ProfileSelect;

/** No account has this id: the viewer of a visitor's relation subqueries (they find nothing). */
const NO_VIEWER = 0;

/** A profile page with the viewer's relation to it, in one statement. */
function profilePageSelect(viewerId: number) {
  return {
    ...PROFILE_PAGE_SELECT,
    photos: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: PHOTO_SELECT },
    user: {
      select: {
        blocksReceived: { where: { blockerId: viewerId }, take: 1, select: { blockerId: true } },
        likesReceived: { where: { likerId: viewerId }, take: 1, select: { likerId: true } },
        likesGiven: { where: { likedId: viewerId }, take: 1, select: { likedId: true } },
      },
    },
  } satisfies Prisma.ProfileSelect;
}

/** Accounts whose member pages are gone for good (HTTP 410). */
const REMOVED_STATUSES = new Set(['deleted', 'purged', 'banned']);

/**
 * The only way to read member profiles and photos (a test fails when code elsewhere queries
 * them): every read names its viewer and purpose, the visibility rule shapes its `where`, and
 * the photo rule decides what of each photo the viewer gets.
 */
@Injectable()
export class MemberAccess {
  constructor(
    private readonly prisma: PrismaService,
    private readonly photos: PhotoPresenter,
  ) {}

  // ------------------------------------------------------------- other members

  /** One member's public card, if the viewer may see it; else 404 not_found. */
  async card(viewer: Viewer, profileId: number, now = new Date()): Promise<ProfileCard> {
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, 'card')] },
      select: PROFILE_CARD_SELECT,
    });
    if (!row) throw new AppError('not_found');
    return (await this.cards(viewer, [row], now))[0];
  }

  /**
   * A member's profile page (GET /api/member.php): the card, the descriptive fields, the gallery
   * as this viewer may have it, the viewer's relation and related profiles; 404 not_found when
   * the viewer may not see the member.
   */
  async profile(
    viewer: Viewer,
    profileId: number,
    now = new Date(),
  ): Promise<{ profile: MemberProfile; related: ProfileCard[] }> {
    // one statement (relation joins): the page, every photo (the photo rule filters them), and
    // the viewer's relation; then, at once, the related profiles and (privacy mode) whether the
    // member wrote to the viewer
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, 'card')] },
      select: profilePageSelect(viewer?.userId ?? NO_VIEWER),
    });
    if (!row) throw new AppError('not_found');
    const [related, partners] = await Promise.all([
      this.relatedTo(viewer, row, now),
      this.partnersAmong(viewer, row.privacyMode ? [row.userId] : []),
    ]);
    const { user } = row;
    const owner = {
      userId: row.userId,
      privacyMode: row.privacyMode,
      isPartner: partners.has(row.userId),
    };
    const gallery = this.photos.gallery(viewer, owner, row.photos, row.mainPhotoId);
    const card = presentProfileCard(row, this.photos.mainImage(viewer, owner, row.mainPhoto), now);
    return {
      profile: {
        ...card,
        ...presentProfileDetails(row),
        photo_count: gallery.length,
        photos: gallery,
        relation: viewer
          ? {
              blocked: user.blocksReceived.length > 0,
              liked: user.likesReceived.length > 0,
              liked_by: user.likesGiven.length > 0,
            }
          : null,
      },
      related,
    };
  }

  /** Profiles a list may show the viewer (search, matches), with the caller's filter and order. */
  list<S extends Prisma.ProfileSelect>(
    viewer: Viewer,
    query: {
      where?: Prisma.ProfileWhereInput;
      orderBy?: Prisma.ProfileOrderByWithRelationInput[];
      take: number;
      select: S;
    },
  ): Promise<Prisma.ProfileGetPayload<{ select: S }>[]> {
    return this.prisma.profile.findMany({
      where: { AND: [visibleProfileWhere(viewer, 'list'), query.where ?? {}] },
      orderBy: query.orderBy,
      take: query.take,
      select: query.select,
    }) as Promise<Prisma.ProfileGetPayload<{ select: S }>[]>;
  }

  /**
   * A page of a member list the viewer may see (search), most recently active first, and on the
   * first page how many there are up to `countUpTo` + 1: one prepared statement
   * (list-query.ts), the `list` rule written in SQL beside the criteria.
   */
  async listPage(
    viewer: Viewer,
    criteria: ListCriteria,
    page: ListPage,
  ): Promise<{ rows: ProfileCardRow[]; counted: number }> {
    const { text, values } = listStatement(viewer, criteria, page);
    // unnamed: planned for its values every time (list-query.ts says why)
    const result = await this.prisma.pool.query<ListRow>({ text, values, types: PG_ROW_TYPES });
    return { rows: result.rows.map(cardRowOf), counted: result.rows[0]?.counted ?? 0 };
  }

  /**
   * Cards of the members behind these accounts whom a list may show the viewer (likes lists):
   * never invisible, blocked either way, deleted, banned or unconfirmed ones; keyed by account.
   */
  async likeCards(
    viewer: NonNullable<Viewer>,
    userIds: number[],
    now = new Date(),
  ): Promise<Map<number, ProfileCard>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { AND: [{ userId: { in: userIds } }, visibleProfileWhere(viewer, 'list')] },
      select: PROFILE_CARD_SELECT,
    });
    const cards = await this.cards(viewer, rows, now);
    return new Map(rows.map((row, i) => [row.userId, cards[i]]));
  }

  /** Cards of rows read with PROFILE_CARD_SELECT through this module, with their main images. */
  async cards(viewer: Viewer, rows: ProfileCardRow[], now = new Date()): Promise<ProfileCard[]> {
    const partners = await this.partnersAmong(
      viewer,
      rows.filter((row) => row.privacyMode).map((row) => row.userId),
    );
    return rows.map((row) =>
      presentProfileCard(
        row,
        this.photos.mainImage(
          viewer,
          { userId: row.userId, privacyMode: row.privacyMode, isPartner: partners.has(row.userId) },
          row.mainPhoto,
        ),
        now,
      ),
    );
  }

  /** Whether the viewer may like, message or send a gift to this member. */
  async canContact(viewer: Viewer, userId: number): Promise<boolean> {
    const found = await this.prisma.profile.count({
      where: { AND: [{ userId }, visibleProfileWhere(viewer, 'contact')] },
    });
    return found > 0;
  }

  /** The account behind a profile the viewer may contact (like, message, gift); else 404. */
  async contactTarget(viewer: Viewer, profileId: number): Promise<{ userId: number }> {
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, 'contact')] },
      select: { userId: true },
    });
    if (!row) throw new AppError('not_found');
    return row;
  }

  /**
   * Whether a member page may exist (the site's page status, server/src/site-pages): `present`
   * for a profile of an account that is not removed, `removed` for one whose account was deleted
   * (the 14 days before the purge), purged or banned, `absent` when there is no such profile.
   * One primary-key read of the profile joined to its account; no viewer, nothing shown.
   */
  async profileStanding(profileId: number): Promise<'present' | 'removed' | 'absent'> {
    const { rows } = await this.prisma.pool.query<{ status: string }>({
      name: 'profile-standing',
      text: 'SELECT u.status::text AS status FROM profiles p JOIN users u ON u.id = p.user_id WHERE p.id = $1',
      values: [profileId],
    });
    if (rows.length === 0) return 'absent';
    return REMOVED_STATUSES.has(rows[0].status) ? 'removed' : 'present';
  }

  // ------------------------------------------------------------- chat partners

  /**
   * The member behind a profile or an account whom the viewer may message (the `contact` rule:
   * never oneself, blocked either way, invisible unless already a partner, gone); else 404.
   * Hand-written (fast-reads.ts): the send's hot path.
   */
  async chatPartner(
    viewer: NonNullable<Viewer>,
    target: { profileId: number } | { userId: number },
  ): Promise<{ userId: number; profileId: number; fictional: boolean }> {
    const row = await this.chatPartnerRow(viewer, target);
    return { userId: row.profile_user_id, profileId: row.profile_id, fictional: row.fictional };
  }

  /**
   * The other member of a conversation the viewer takes part in, if the viewer may message them
   * (the `contact` rule); else 404. One prepared statement (the send's hot path).
   */
  async chatPartnerIn(
    viewer: NonNullable<Viewer>,
    conversationId: number,
  ): Promise<{ userId: number; profileId: number; fictional: boolean }> {
    const { rows } = await this.prisma.pool.query<{
      id: number;
      user_id: number;
      fictional: boolean;
    }>({
      name: 'chat-partner-in',
      text: CHAT_PARTNER_IN_SQL,
      values: [viewer.userId, conversationId],
    });
    const row = rows[0];
    if (!row) throw new AppError('not_found');
    return { userId: row.user_id, profileId: row.id, fictional: row.fictional };
  }

  /** A chat partner's card (the `contact` rule), for the conversation page; else 404. */
  async chatPartnerCard(
    viewer: NonNullable<Viewer>,
    target: { profileId: number } | { userId: number },
    now = new Date(),
  ): Promise<{ userId: number; card: ProfileCard }> {
    const row = await this.chatPartnerRow(viewer, target);
    const card = cardRowOf(row);
    const mainImage = this.photos.mainImage(
      viewer,
      { userId: card.userId, privacyMode: card.privacyMode, isPartner: row.partner },
      card.mainPhoto,
    );
    return { userId: card.userId, card: presentProfileCard(card, mainImage, now) };
  }

  private async chatPartnerRow(
    viewer: NonNullable<Viewer>,
    target: { profileId: number } | { userId: number },
  ): Promise<ChatPartnerColumns> {
    const { rows } = await this.prisma.pool.query<ChatPartnerColumns>({
      name: 'chat-partner',
      text: CHAT_PARTNER_SQL,
      values: [
        viewer.userId,
        'profileId' in target ? target.profileId : 0,
        'userId' in target ? target.userId : 0,
      ],
      types: PG_ROW_TYPES,
    });
    if (!rows[0]) throw new AppError('not_found');
    return rows[0];
  }

  /**
   * The viewer's chat list (GET /api/chats.php) in one prepared statement (fast-reads.ts): each
   * conversation whose other member the viewer may still message, with its newest message and
   * that member's card, newest first; and the count of new likes for the badge.
   */
  async chatList(
    viewer: NonNullable<Viewer>,
    previewLength: number,
    now = new Date(),
  ): Promise<{
    newLikes: number;
    chats: (Omit<ChatListColumns, 'new_likes'> & { conversation_id: number; card: ProfileCard })[];
  }> {
    const { rows } = await this.prisma.pool.query<ChatListColumns>({
      name: 'chat-list',
      text: CHAT_LIST_SQL,
      values: [viewer.userId, previewLength],
      types: PG_ROW_TYPES,
    });
    const chats = rows.flatMap((row) => {
      if (row.conversation_id === null) return [];
      const card = cardRowOf(row);
      const mainImage = this.photos.mainImage(
        viewer,
        { userId: card.userId, privacyMode: card.privacyMode, isPartner: row.partner },
        card.mainPhoto,
      );
      return [
        {
          ...row,
          conversation_id: row.conversation_id,
          card: presentProfileCard(card, mainImage, now),
        },
      ];
    });
    return { newLikes: rows[0]?.new_likes ?? 0, chats };
  }

  /**
   * The viewer's likes page (GET /api/likes.php) in one prepared statement: every like given or
   * received whose other member a list may show, and those members' cards keyed by account.
   */
  async likesPage(
    viewer: NonNullable<Viewer>,
    now = new Date(),
  ): Promise<{
    likes: { likerId: number; likedId: number; isNew: boolean; createdAt: Date }[];
    cards: Map<number, ProfileCard>;
  }> {
    const { rows } = await this.prisma.pool.query<LikeColumns>({
      name: 'likes-page',
      text: LIKES_SQL,
      values: [viewer.userId],
      types: PG_ROW_TYPES,
    });
    const cards = new Map<number, ProfileCard>();
    for (const row of rows) {
      if (cards.has(row.profile_user_id)) continue;
      const card = cardRowOf(row);
      const mainImage = this.photos.mainImage(
        viewer,
        { userId: card.userId, privacyMode: card.privacyMode, isPartner: row.partner },
        card.mainPhoto,
      );
      cards.set(card.userId, presentProfileCard(card, mainImage, now));
    }
    return {
      likes: rows.map((row) => ({
        likerId: row.liker_id,
        likedId: row.liked_id,
        isNew: row.is_new,
        createdAt: row.created_at,
      })),
      cards,
    };
  }

  /** The profile ids of those accounts the viewer may message (catch-up), keyed by account. */
  async chatPartnerIds(
    viewer: NonNullable<Viewer>,
    userIds: number[],
  ): Promise<Map<number, number>> {
    if (userIds.length === 0) return new Map();
    const { rows } = await this.prisma.pool.query<{ id: number; user_id: number }>({
      name: 'chat-partner-ids',
      text: CHAT_PARTNER_IDS_SQL,
      values: [viewer.userId, userIds],
    });
    return new Map(rows.map((row) => [row.user_id, row.id]));
  }

  /** Which of these accounts are fictional profiles (chat pals): their messages wait for staff. */
  async fictionalAmong(userIds: number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.prisma.profile.findMany({
      where: { userId: { in: userIds }, fictional: true },
      select: { userId: true },
    });
    return new Set(rows.map((row) => row.userId));
  }

  /** Profiles of conversation members for staff (the operator queue), keyed by account. */
  async staffChatProfiles(
    viewer: Viewer,
    userIds: number[],
  ): Promise<Map<number, { id: number; name: string; fictional: boolean }>> {
    if (!isStaff(viewer)) throw new AppError('forbidden');
    if (userIds.length === 0) return new Map();
    const rows = await this.prisma.profile.findMany({
      where: { AND: [{ userId: { in: userIds } }, visibleProfileWhere(viewer, 'staff')] },
      select: { id: true, userId: true, name: true, fictional: true },
    });
    return new Map(
      rows.map((row) => [row.userId, { id: row.id, name: row.name, fictional: row.fictional }]),
    );
  }

  /** The account behind a profile whose page the viewer may open (to block it, say); else 404. */
  async cardTarget(viewer: Viewer, profileId: number): Promise<{ userId: number }> {
    const row = await this.prisma.profile.findFirst({
      where: { AND: [{ id: profileId }, visibleProfileWhere(viewer, 'card')] },
      select: { userId: true },
    });
    if (!row) throw new AppError('not_found');
    return row;
  }

  /**
   * The members the viewer blocked, newest first (for the settings list): their own page stays
   * open to the blocker; accounts that are gone (deleted, purged, banned) are left out.
   */
  async blockedBy(userId: number): Promise<{ id: number; name: string; blockedAt: Date }[]> {
    const blocks = await this.prisma.block.findMany({
      where: { blockerId: userId, blocked: { status: { in: ['confirmed', 'not_confirmed'] } } },
      orderBy: { createdAt: 'desc' },
      select: {
        createdAt: true,
        blocked: { select: { profile: { select: { id: true, name: true } } } },
      },
    });
    return blocks.flatMap((block) =>
      block.blocked.profile
        ? [
            {
              id: block.blocked.profile.id,
              name: block.blocked.profile.name,
              blockedAt: block.createdAt,
            },
          ]
        : [],
    );
  }

  // ------------------------------------------------------------- the member's own

  /** The viewer's own profile (any state): the one read that needs no visibility rule. */
  own<S extends Prisma.ProfileSelect>(
    userId: number,
    select: S,
  ): Promise<Prisma.ProfileGetPayload<{ select: S }> | null> {
    return this.prisma.profile.findUnique({
      where: { userId },
      select,
    }) as Promise<Prisma.ProfileGetPayload<{ select: S }> | null>;
  }

  /** The member's own photos, in their order, with the main photo's id. */
  async ownPhotos(userId: number): Promise<{
    profileId: number;
    mainPhotoId: number | null;
    photos: PhotoRow[];
  } | null> {
    const row = await this.prisma.profile.findUnique({
      where: { userId },
      select: {
        id: true,
        mainPhotoId: true,
        photos: { orderBy: [{ position: 'asc' }, { id: 'asc' }], select: PHOTO_SELECT },
      },
    });
    return row && { profileId: row.id, mainPhotoId: row.mainPhotoId, photos: row.photos };
  }

  /** One of the member's own photos (null when it is not theirs). */
  ownPhoto(userId: number, photoId: number): Promise<PhotoRow | null> {
    return this.prisma.photo.findFirst({
      where: { id: photoId, profile: { userId } },
      select: PHOTO_SELECT,
    });
  }

  /** The member's own photos with their presented URLs (GET /api/photos.php). */
  presentOwnPhotos(photos: PhotoRow[], mainPhotoId: number | null) {
    return photos.map((photo) => this.photos.own(photo, mainPhotoId));
  }

  // ------------------------------------------------------------- staff

  /** Photos for moderation, oldest first (staff only; others get nothing). */
  async moderationQueue(
    viewer: Viewer,
    status: PhotoStatus = 'under_inspection',
  ): Promise<ModerationListResponse['photos']> {
    if (!isStaff(viewer)) throw new AppError('forbidden');
    const rows = await this.prisma.photo.findMany({
      where: { status, profile: visibleProfileWhere(viewer, 'staff') },
      orderBy: { createdAt: 'asc' },
      take: 100,
      select: { ...PHOTO_SELECT, profile: { select: { id: true, name: true } } },
    });
    return rows.map((row) => {
      const scope = row.status === 'active' ? 'public' : 'private';
      return {
        id: row.id,
        status: row.status,
        profile: row.profile,
        thumb_url: this.photos.url(row.filename, 'thumb', scope),
        full_url: this.photos.url(row.filename, 'full', scope),
        created_at: row.createdAt.toISOString(),
        rejected_reason: row.rejectedReason,
      };
    });
  }

  // ------------------------------------------------------------- files

  /**
   * Whether a photo file may be served at a `public` URL now: its photo is active and its
   * profile is one the visibility rule shows at all (a rejected photo, a banned or deleted
   * member: the URLs handed out before stop working at once).
   */
  async photoFileIsPublic(filename: string): Promise<boolean> {
    const found = await this.prisma.photo.count({
      where: {
        filename,
        status: 'active',
        profile: { status: 'active', user: { status: 'confirmed' } },
      },
    });
    return found > 0;
  }

  // ------------------------------------------------------------- helpers

  /** Which of these members wrote to the viewer (privacy mode shows them their photos). */
  private partnersAmong(viewer: Viewer, userIds: number[]): Promise<Set<number>> {
    return privacyPartnersAmong(this.prisma.pool, viewer, userIds);
  }

  /** Related profiles: visible members of the same gender and country, nearest in age first. */
  private async relatedTo(viewer: Viewer, row: ProfileCardRow, now: Date): Promise<ProfileCard[]> {
    const years = (n: number) => new Date(Date.UTC(row.dateOfBirth.getUTCFullYear() + n, 0, 1));
    const rows = await this.list(viewer, {
      where: {
        id: { not: row.id },
        gender: row.gender,
        countryCode: row.countryCode,
        dateOfBirth: { gte: years(-6), lt: years(7) },
      },
      orderBy: [{ lastActiveAt: 'desc' }, { id: 'asc' }],
      take: RELATED_PROFILES_COUNT,
      select: PROFILE_CARD_SELECT,
    });
    return this.cards(viewer, rows, now);
  }
}
