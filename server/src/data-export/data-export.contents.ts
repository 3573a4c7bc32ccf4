import type { LikesPage } from '../member-access';
import type { PrismaService } from '../prisma/prisma.service';
import type { StorageKind } from '../storage';

/**
 * What the export does with a column that points at a member: the ZIP file holding its rows
 * (`file: <name>`, with `; <note>` when only some of them go in), or why they are left out
 * (`omit: <reason>`). Every column the purge covers has an entry; a test compares the two
 * lists, so a new table with personal data fails until both the purge and the export cover it.
 */
export type ExportCoverage =
  `file: ${ExportFile}` | `file: ${ExportFile}; ${string}` | `omit: ${string}`;

/** The JSON files of the ZIP. */
export type ExportFile =
  | 'account.json'
  | 'profile.json'
  | 'photos.json'
  | 'conversations.json'
  | 'likes.json'
  | 'swipes.json'
  | 'visits.json'
  | 'favourites.json'
  | 'blocks.json'
  | 'complaints.json'
  | 'moderation.json'
  | 'payments.json'
  | 'credit_ledger.json'
  | 'boosts.json'
  | 'sessions.json'
  | 'notification_preferences.json'
  | 'staff_notes.json';

const STAFF = 'omit: staff work; a staff account is not a member and has no member data here';

export const EXPORT_COVERS: Record<string, ExportCoverage> = {
  // accounts
  'tracking_data.user_id': 'file: account.json',
  'postbacks.user_id': 'file: account.json',
  'notification_preferences.user_id': 'file: notification_preferences.json',
  'push_subscriptions.user_id': 'file: notification_preferences.json',
  'notification_mails_sent.user_id': 'file: notification_preferences.json',
  'campaign_recipients.user_id': 'file: notification_preferences.json',
  'campaigns.created_by_id': STAFF,
  'alert_dismissals.user_id': 'file: account.json',
  'invites.created_by_id': 'file: account.json',
  'invites.used_by_id': 'file: account.json',
  'deletion_requests.user_id': 'file: account.json',
  'data_exports.user_id': 'file: account.json',
  // consents: the terms and privacy versions accepted, partner sharing given and revoked (the
  // consent to immediate delivery is on each payment, payments.json)
  'member_consents.user_id': 'file: account.json',
  // auth
  'sessions.user_id': 'file: sessions.json',
  'trusted_devices.user_id': 'file: sessions.json',
  // account links (the values are hashes, or the signup's address range)
  'account_signals.user_id': 'file: sessions.json',
  // mail
  'email_tokens.user_id': 'omit: only hashes of mailed single-use links, security data',
  'mail_intents.user_id': 'omit: mails waiting to be sent; they reach the member as mails',
  // profile and photos (photos point at the profile; the files are in photos/)
  'profiles.user_id': 'file: profile.json',
  'photos.moderated_by_id': STAFF,
  // chats
  'conversation_participants.user_id': 'file: conversations.json',
  'messages.sender_id': 'file: conversations.json',
  'messages.operator_id': STAFF,
  // likes, swipes, blocks
  'likes.liker_id': 'file: likes.json',
  'likes.liked_id':
    'file: likes.json; only the likes received that the likes page shows (its `list` rule on the liker, LikesPage.receivedListed): a like from a member who blocked the member or was blocked, browses invisibly or whose profile is hidden or gone is left out, with its liker (GDPR art. 15(4)); and, as on the page, the liker only where the member may see who liked them (premium, free_members_see_likes `everything`, or a match), else likerId null',
  'swipe_decisions.swiper_id': 'file: swipes.json',
  'swipe_decisions.swiped_id':
    "omit: other members' private choices about the member (GDPR art. 15(4))",
  // who viewed my profile, favourites (issue 38)
  'profile_visits.visitor_id': 'file: visits.json',
  'profile_visits.visited_id':
    'file: visits.json; the visits the member received with their time only, never the visitor (another member, whom it would identify: GDPR art. 15(4))',
  'favourites.member_id': 'file: favourites.json',
  'favourites.favourite_id': "omit: another member's private list (GDPR art. 15(4))",
  'blocks.blocker_id': 'file: blocks.json',
  'blocks.blocked_id': "omit: another member's private choice (GDPR art. 15(4))",
  // complaints and moderation
  'complaints.reporter_id': 'file: complaints.json',
  'complaints.reported_user_id':
    'omit: written by someone else, whom it would identify (GDPR art. 15(4))',
  'complaints.handled_by_id': STAFF,
  'member_bans.user_id': 'file: moderation.json',
  'member_bans.banned_by_id': STAFF,
  'member_bans.lifted_by_id': STAFF,
  'member_warnings.user_id': 'file: moderation.json',
  'member_warnings.warned_by_id': STAFF,
  'message_scam_flags.sender_id': 'file: moderation.json',
  'message_scam_flags.recipient_id':
    'omit: flags of messages other members sent; a moderation record about those members',
  'message_scam_flags.handled_by_id': STAFF,
  'member_risk_scores.user_id': 'file: moderation.json',
  'hidden_content.user_id': 'file: moderation.json',
  'hidden_content.hidden_by_id': STAFF,
  'verification_requests.user_id':
    'file: moderation.json; the requests and their outcome (the selfie itself is kept only until decided, and not put in the export while it waits: it is the photo the member just sent)',
  'verification_requests.decided_by_id': STAFF,
  'statements.user_id': 'file: moderation.json',
  'statements.decided_by_id': STAFF,
  'appeals.user_id': 'file: moderation.json',
  'appeals.decided_by_id': STAFF,
  // money
  'payments.user_id': 'file: payments.json',
  'payment_customers.user_id': 'file: payments.json',
  'payment_mandates.user_id': 'file: payments.json',
  'direct_debit_mandates.user_id': 'file: payments.json',
  'discount_codes.user_id': 'file: payments.json',
  'discount_redemptions.user_id': 'file: payments.json',
  'credit_ledger.user_id': 'file: credit_ledger.json',
  // boosts (issue 38 item 3)
  'boosts.user_id': 'file: boosts.json',
  // the chat partners' console and staff accounts
  // What operators noted about the member (on the member, and per conversation with a chat
  // partner: what the member said): information about the member, so personal data the member
  // has a right to see (GDPR art. 15(1) and (3); the EDPB's guidelines 01/2022 count a
  // controller's notes and assessments about a person). The text and the time go in; the
  // author does not (a staff member, whose name is not the member's data: art. 15(4)).
  'operator_notes.member_id': 'file: staff_notes.json',
  'conversation_notes.member_id': 'file: staff_notes.json',
  'conversation_notes.author_id': STAFF,
  'partner_personas.updated_by_id': STAFF,
  'persona_facts.author_id': STAFF,
  'canned_replies.created_by_id': STAFF,
  'member_care_flags.user_id': "omit: the chat team's internal working flag",
  'operator_locks.operator_id': STAFF,
  'operator_notes.author_id': STAFF,
  'member_care_flags.flagged_by_id': STAFF,
  'partner_library_photos.added_by_id': STAFF,
  'staff_sessions.user_id': STAFF,
  'staff_second_factors.user_id': STAFF,
  'staff_recovery_codes.user_id': STAFF,
  'staff_login_challenges.user_id': STAFF,
};

/** A stored file of the member, put into the ZIP under `path`. */
export interface ExportedFile {
  kind: StorageKind;
  name: string;
  path: string;
}

export interface ExportContents {
  json: Record<ExportFile, unknown>;
  files: ExportedFile[];
}

/** JSON of database rows: dates as ISO strings (their own toJSON), BigInts as numbers. */
export function exportJson(value: unknown): Buffer {
  return Buffer.from(
    JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v), 2),
  );
}

/**
 * likes.json: the likes given, and the received ones as the likes page shows them (the others are
 * another member's choice: EXPORT_COVERS), their likers named only as the page names them.
 */
async function likesExport(
  prisma: PrismaService,
  likes: LikesPage,
  userId: number,
  likersShown: boolean,
) {
  const given = await prisma.like.findMany({
    where: { likerId: userId },
    select: { likedId: true, source: true, createdAt: true },
  });
  const liked = new Set(given.map((like) => like.likedId));
  const received = (await likes.receivedListed(userId)).map((like) =>
    likersShown || liked.has(like.likerId) ? like : { ...like, likerId: null },
  );
  return { given, received };
}

/**
 * Everything the site keeps about the member, as the export's files. Other members appear only
 * by their member id; what others wrote about the member, and staff, are left out (see
 * EXPORT_COVERS).
 */
export async function collectExport(
  prisma: PrismaService,
  likes: LikesPage,
  userId: number,
  /** Whether the member may see who liked them (LikesService.likersShown): as the page. */
  options: { likersShown: boolean },
): Promise<ExportContents> {
  const byUser = { where: { userId } };
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      status: true,
      language: true,
      credits: true,
      createdAt: true,
      confirmedAt: true,
      notificationsDisabled: true,
      signupIp: true,
      signupDomain: true,
      lastLoginAt: true,
      lastSeenAt: true,
      deletedAt: true,
      deletionStartedAt: true,
      browseUnseen: true,
    },
  });
  const profile = await prisma.profile.findUnique({
    where: { userId },
    include: {
      interests: { select: { interest: true } },
      country: true,
      region: true,
      city: true,
      // texts waiting for (or after) review, without the staff who handled them
      textReviews: {
        select: {
          field: true,
          previous: true,
          text: true,
          status: true,
          reason: true,
          createdAt: true,
          decidedAt: true,
        },
      },
    },
  });
  const photos = profile
    ? await prisma.photo.findMany({
        where: { profileId: profile.id },
        orderBy: { position: 'asc' },
        select: {
          id: true,
          filename: true,
          status: true,
          width: true,
          height: true,
          position: true,
          rejectedReason: true,
          createdAt: true,
        },
      })
    : [];
  const participations = await prisma.conversationParticipant.findMany({
    ...byUser,
    include: {
      conversation: {
        include: {
          participants: { select: { userId: true } },
          messages: {
            orderBy: { seq: 'asc' },
            select: {
              id: true,
              senderId: true,
              type: true,
              body: true,
              imageFilename: true,
              giftId: true,
              creditsCost: true,
              createdAt: true,
              hiddenAt: true,
              held: true,
            },
          },
        },
      },
    },
  });
  const conversations = participations.map(({ conversation, ...mine }) => ({
    id: conversation.id,
    with_member_id: conversation.participants.find((p) => p.userId !== userId)?.userId ?? null,
    started_by_me: conversation.initiatorId === userId,
    created_at: conversation.createdAt,
    removed_at: mine.removedAt,
    messages: conversation.messages
      // what the member never got (held back, or hidden by staff) is not theirs to see now
      .filter((m) => m.senderId === userId || (m.hiddenAt === null && !m.held))
      .map(({ senderId, hiddenAt, held: _held, imageFilename, ...m }) => ({
        ...m,
        from: senderId === userId ? 'me' : 'them',
        hidden_at: senderId === userId ? hiddenAt : undefined,
        photo: imageFilename && senderId === userId ? `chat-photos/${imageFilename}` : undefined,
      })),
  }));
  const chatPhotos = participations.flatMap((p) =>
    p.conversation.messages
      .filter((m) => m.senderId === userId && m.imageFilename)
      .map((m) => m.imageFilename as string),
  );

  const json: Record<ExportFile, unknown> = {
    'account.json': {
      account: user,
      tracking: await prisma.trackingData.findUnique(byUser),
      // what the network the member came from was told (affiliate postbacks)
      postbacks: await prisma.postback.findMany({
        ...byUser,
        orderBy: { id: 'asc' },
        omit: { userId: true },
      }),
      alert_dismissals: await prisma.alertDismissal.findMany(byUser),
      invites_created: await prisma.invite.findMany({ where: { createdById: userId } }),
      invite_used: await prisma.invite.findFirst({ where: { usedById: userId } }),
      deletion_requests: await prisma.deletionRequest.findMany(byUser),
      consents: await prisma.memberConsent.findMany({
        ...byUser,
        orderBy: { id: 'asc' },
        omit: { userId: true },
      }),
      data_exports: await prisma.dataExport.findMany({
        ...byUser,
        select: { id: true, status: true, createdAt: true, readyAt: true, finishedAt: true },
      }),
    },
    'profile.json': profile,
    'photos.json': photos.map((p) => ({ ...p, file: `photos/${p.filename}` })),
    'conversations.json': conversations,
    'likes.json': await likesExport(prisma, likes, userId, options.likersShown),
    'swipes.json': await prisma.swipeDecision.findMany({
      where: { swiperId: userId },
      select: { swipedId: true, choice: true, createdAt: true },
    }),
    'visits.json': {
      made: await prisma.profileVisit.findMany({
        where: { visitorId: userId },
        orderBy: { createdAt: 'asc' },
        select: { visitedId: true, createdAt: true },
      }),
      received: await prisma.profileVisit.findMany({
        where: { visitedId: userId },
        orderBy: { createdAt: 'asc' },
        select: { createdAt: true },
      }),
    },
    'favourites.json': await prisma.favourite.findMany({
      where: { memberId: userId },
      orderBy: { createdAt: 'asc' },
      select: { favouriteId: true, createdAt: true },
    }),
    'blocks.json': await prisma.block.findMany({
      where: { blockerId: userId },
      select: { blockedId: true, createdAt: true },
    }),
    'complaints.json': await prisma.complaint.findMany({
      where: { reporterId: userId },
      select: {
        id: true,
        about: true,
        reportedUserId: true,
        photoId: true,
        messageId: true,
        name: true,
        email: true,
        reporterIp: true,
        subject: true,
        message: true,
        status: true,
        createdAt: true,
        resolvedAt: true,
      },
    }),
    'moderation.json': {
      bans: await prisma.memberBan.findMany({
        ...byUser,
        select: { id: true, reason: true, createdAt: true, liftedAt: true, liftReason: true },
      }),
      warnings: await prisma.memberWarning.findMany({
        ...byUser,
        select: { id: true, reason: true, createdAt: true },
      }),
      verification_requests: await prisma.verificationRequest.findMany({
        ...byUser,
        orderBy: { id: 'asc' },
        select: {
          id: true,
          gesture: true,
          status: true,
          reason: true,
          createdAt: true,
          submittedAt: true,
          expiresAt: true,
          decidedAt: true,
        },
      }),
      // what the send's scan found in the member's messages, and the score it added up to
      flagged_messages: await prisma.messageScamFlag.findMany({
        where: { senderId: userId },
        select: {
          messageId: true,
          categories: true,
          score: true,
          createdAt: true,
          resolution: true,
        },
      }),
      risk_score: await prisma.memberRiskScore.findUnique({
        where: { userId },
        select: { score: true, hits: true, lastHitAt: true, lastCategories: true },
      }),
      // statements of reasons (DSA art. 17) and the member's appeals against them
      statements: await prisma.statement.findMany({
        ...byUser,
        select: {
          id: true,
          kind: true,
          itemType: true,
          itemId: true,
          ground: true,
          explanation: true,
          automatedDetection: true,
          decidedAt: true,
          reversedAt: true,
        },
      }),
      appeals: await prisma.appeal.findMany({
        ...byUser,
        select: {
          id: true,
          statementId: true,
          text: true,
          createdAt: true,
          dueAt: true,
          outcome: true,
          explanation: true,
          decidedAt: true,
        },
      }),
      hidden_content: await prisma.hiddenContent.findMany({
        ...byUser,
        select: {
          id: true,
          kind: true,
          messageId: true,
          photoId: true,
          text: true,
          createdAt: true,
        },
      }),
    },
    'payments.json': {
      payments: await prisma.payment.findMany({
        ...byUser,
        omit: { idempotencyKey: true, checkoutUrl: true },
      }),
      provider_customers: await prisma.paymentCustomer.findMany(byUser),
      stored_payment_methods: await prisma.paymentMandate.findMany(byUser),
      direct_debit_mandates: await prisma.directDebitMandate.findMany({
        ...byUser,
        omit: { otpHash: true, otpExpiresAt: true, otpAttempts: true, otpSends: true },
      }),
      personal_discount_codes: await prisma.discountCode.findMany(byUser),
      discount_redemptions: await prisma.discountRedemption.findMany({
        ...byUser,
        omit: { claimKey: true },
      }),
    },
    'credit_ledger.json': await prisma.creditLedgerEntry.findMany({
      ...byUser,
      orderBy: { id: 'asc' },
    }),
    'boosts.json': await prisma.boost.findMany({
      ...byUser,
      orderBy: { id: 'asc' },
      select: {
        startsAt: true,
        endsAt: true,
        credits: true,
        free: true,
        region: { select: { name: true } },
        createdAt: true,
      },
    }),
    'sessions.json': {
      sessions: await prisma.session.findMany({ ...byUser, omit: { tokenHash: true, id: true } }),
      trusted_browsers: await prisma.trustedDevice.findMany({
        ...byUser,
        omit: { tokenHash: true, id: true },
      }),
      // what ties this account to others of the same person (browser, address range, payment)
      account_signals: await prisma.accountSignal.findMany({
        ...byUser,
        select: { kind: true, value: true, createdAt: true },
      }),
    },
    'notification_preferences.json': {
      preferences: await prisma.notificationPreference.findUnique(byUser),
      push_subscriptions: await prisma.pushSubscription.findMany({
        ...byUser,
        select: { id: true, endpoint: true, createdAt: true },
      }),
      // when each kind of notification mail was last sent (the batching window)
      notification_mails_sent: await prisma.notificationMailSent.findMany({
        ...byUser,
        select: { kind: true, sentAt: true },
      }),
      // the campaign mails written to the member (campaigns feature)
      campaign_mails: await prisma.campaignRecipient.findMany({
        ...byUser,
        select: {
          status: true,
          sentAt: true,
          unsubscribedAt: true,
          campaign: { select: { name: true, consent: true } },
        },
      }),
    },
    'staff_notes.json': {
      // without their authors (EXPORT_COVERS)
      member_notes: await prisma.operatorNote.findMany({
        where: { memberId: userId },
        orderBy: { id: 'asc' },
        select: { body: true, createdAt: true },
      }),
      conversation_notes: await prisma.conversationNote.findMany({
        where: { memberId: userId },
        orderBy: { id: 'asc' },
        select: { conversationId: true, body: true, createdAt: true },
      }),
    },
  };

  return {
    json,
    files: [
      ...photos.map((p) => ({
        kind: 'photos' as const,
        name: p.filename,
        path: `photos/${p.filename}`,
      })),
      ...chatPhotos.map((name) => ({ kind: 'chat' as const, name, path: `chat-photos/${name}` })),
    ],
  };
}
