import type { Prisma } from '../generated/prisma/client';

/**
 * The one visibility rule for reading another member's profile (ARCHITECTURE, "Sessions and
 * security"). Every read of member data builds its `where` from here, so invisible mode, blocks,
 * profile status and deleted accounts are respected everywhere in the same way.
 *
 * - `list`: search-like lists (signup matches, search, swipe game). Invisible members never appear.
 * - `view`: one profile by id. An invisible member stays reachable for members who already have a
 *   conversation with them (SPEC: hidden from search; existing partners still reach).
 *
 * Blocks work both ways: a blocked member cannot see the blocker, and the blocker no longer sees
 * the member they blocked. Fictional profiles are visible like any other; they are labelled, never
 * hidden or unmarked.
 */
export function visibleProfileWhere(
  viewerId: number | null,
  purpose: 'list' | 'view',
): Prisma.ProfileWhereInput {
  const base: Prisma.ProfileWhereInput = {
    status: 'active',
    user: {
      status: 'confirmed',
      ...(viewerId === null
        ? {}
        : {
            blocksMade: { none: { blockedId: viewerId } },
            blocksReceived: { none: { blockerId: viewerId } },
          }),
    },
  };
  if (purpose === 'list') {
    return {
      ...base,
      invisible: false,
      ...(viewerId === null ? {} : { userId: { not: viewerId } }),
    };
  }
  if (viewerId === null) return { ...base, invisible: false };
  return {
    ...base,
    OR: [
      { invisible: false },
      { userId: viewerId },
      {
        user: {
          conversations: {
            some: { conversation: { participants: { some: { userId: viewerId } } } },
          },
        },
      },
    ],
  };
}
