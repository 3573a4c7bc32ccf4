import type { Prisma, StaffRole } from '../generated/prisma/client';

/**
 * Who is asking: a logged-in member (with their staff roles and whether they paid), or null for
 * a visitor without a session.
 */
export type Viewer = { userId: number; roles: readonly StaffRole[]; paidUser: boolean } | null;

/**
 * What the reader wants another member's data for:
 * - `list`: search-like lists (signup matches, search, swipe game). Invisible members never
 *   appear, nor the viewer themself.
 * - `card`: one profile by id. An invisible member stays reachable for members who already have
 *   a conversation with them (SPEC point 4: hidden from search; existing partners still reach);
 *   a member the viewer blocked stays readable for the viewer (their page offers the unblock).
 * - `contact`: liking, messaging, sending a gift: as `card`, but never oneself and never for a
 *   visitor.
 * - `staff`: moderation and the operator console: every profile that still exists, whatever its
 *   state, only for staff.
 */
export type Purpose = 'list' | 'card' | 'contact' | 'staff';

const NOTHING: Prisma.ProfileWhereInput = { id: { in: [] } };

export function isStaff(viewer: Viewer): boolean {
  return !!viewer && viewer.roles.length > 0;
}

/**
 * Members who share a conversation with the viewer (invisible mode still lets them reach the
 * member). Not the privacy-mode partner, which is a member the owner wrote to
 * (privacy-partner.sql.ts).
 */
function partnerOf(userId: number): Prisma.ProfileWhereInput {
  return {
    user: {
      conversations: {
        some: { conversation: { participants: { some: { userId } } } },
      },
    },
  };
}

/**
 * The one visibility rule for reading another member's profile (ARCHITECTURE, "Sessions and
 * security"): active profiles of confirmed accounts (never deleted, purged or banned ones),
 * blocks (a member who blocked the viewer never; one the viewer blocked only on its own page),
 * invisible mode by purpose. Fictional profiles are visible like any other;
 * they are labelled, never hidden or unmarked.
 */
export function visibleProfileWhere(viewer: Viewer, purpose: Purpose): Prisma.ProfileWhereInput {
  if (purpose === 'staff') {
    return isStaff(viewer) ? { user: { status: { not: 'purged' } } } : NOTHING;
  }
  if (purpose === 'contact' && viewer === null) return NOTHING;
  const viewerId = viewer?.userId ?? null;
  const base: Prisma.ProfileWhereInput = {
    status: 'active',
    user: {
      status: 'confirmed',
      ...(viewerId === null
        ? {}
        : {
            // a member who blocked the viewer is gone for them, whatever the purpose
            blocksMade: { none: { blockedId: viewerId } },
            // one the viewer blocked is gone from lists and contact, but not from its page:
            // the blocker may open it (to see it is blocked, and to unblock)
            ...(purpose === 'card' ? {} : { blocksReceived: { none: { blockerId: viewerId } } }),
          }),
    },
  };
  switch (purpose) {
    case 'list':
      return {
        ...base,
        invisible: false,
        ...(viewerId === null ? {} : { userId: { not: viewerId } }),
      };
    case 'card':
      if (viewerId === null) return { ...base, invisible: false };
      return {
        ...base,
        OR: [{ invisible: false }, { userId: viewerId }, partnerOf(viewerId)],
      };
    case 'contact':
      return {
        ...base,
        userId: { not: viewerId as number },
        OR: [{ invisible: false }, partnerOf(viewerId as number)],
      };
  }
}

/** How much of a photo a viewer may have: all of it, a locked (blurred) thumbnail, or nothing. */
export type PhotoAccess = 'full' | 'locked' | 'none';

/**
 * The photo rule (issue "profiles and photos" builds the photos on it):
 * - the owner and staff see every photo, whatever its state;
 * - a photo under inspection or rejected is seen by nobody else;
 * - privacy mode: the owner's photos are shown only to members the owner has written to
 *   (`isPartner`, privacy-partner.sql.ts: a visible message of the owner that the owner has not
 *   removed, no block either way); everyone else gets locked thumbnails;
 * - otherwise the main photo is shown to everyone (visitors too); the other photos to premium
 *   members only (SPEC point 6), locked for free members and visitors.
 */
export function photoAccess(
  viewer: Viewer,
  owner: { userId: number; privacyMode: boolean; isPartner: boolean },
  photo: { active: boolean; main: boolean },
): PhotoAccess {
  if (viewer && (viewer.userId === owner.userId || isStaff(viewer))) return 'full';
  if (!photo.active) return 'none';
  if (owner.privacyMode) return viewer && owner.isPartner ? 'full' : 'locked';
  if (photo.main || viewer?.paidUser) return 'full';
  return 'locked';
}

type SessionLike = { userId: number; user: { paidUser: boolean } };

/**
 * The viewer of a member's session: a member, whatever staff roles the account has. Staff
 * rights come only with a staff session (the console's sign-in with its second factor):
 * staffViewerOf.
 */
export function viewerOf(session: SessionLike): NonNullable<Viewer>;
export function viewerOf(session: SessionLike | undefined): Viewer;
export function viewerOf(session: SessionLike | undefined): Viewer {
  return session ? { userId: session.userId, roles: [], paidUser: session.user.paidUser } : null;
}

/** The viewer of a staff session (server/src/staff): the account's staff roles. */
export function staffViewerOf(staff: {
  userId: number;
  roles: readonly StaffRole[];
}): NonNullable<Viewer> {
  return { userId: staff.userId, roles: staff.roles, paidUser: true };
}
