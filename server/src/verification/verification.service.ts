import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import {
  VERIFICATION_GESTURES,
  VERIFICATION_PENDING_DAYS,
  VERIFICATION_REQUEST_MINUTES,
  type OwnVerificationResponse,
  type VerificationGesture,
  type VerificationRejectReason,
} from '@app/contract';
import { Prisma } from '../generated/prisma/client';
import { AppError } from '../common/app-error';
import { PrismaService } from '../prisma/prisma.service';
import { OwnProfileReads } from '../member-access';
import { Realtime } from '../realtime';
import { Selfies } from './selfies';

/**
 * The member's side of the verified badge: the state, asking for a gesture (picked at random,
 * valid VERIFICATION_REQUEST_MINUTES), and sending the selfie making it (then it waits for a
 * moderator, at most VERIFICATION_PENDING_DAYS). One open request at a time (a partial unique
 * index backs it); a chat pal (fictional profile) can never ask, and a verified member need not.
 */
@Injectable()
export class VerificationService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ownProfile: OwnProfileReads,
    private readonly selfies: Selfies,
    private readonly realtime: Realtime,
  ) {}

  async state(userId: number, now = new Date()): Promise<OwnVerificationResponse> {
    const profile = await this.profile(userId);
    const latest = await this.prisma.verificationRequest.findFirst({
      where: { userId },
      orderBy: { id: 'desc' },
      select: {
        id: true,
        status: true,
        gesture: true,
        reason: true,
        createdAt: true,
        expiresAt: true,
        decidedAt: true,
      },
    });
    // a gesture nobody answered in time has expired, whether or not the hourly task has run
    const lapsed = latest && latest.status === 'requested' && latest.expiresAt <= now;
    return {
      verified: profile.verified,
      verified_at: profile.verifiedAt?.toISOString() ?? null,
      request: latest && {
        id: latest.id,
        status: lapsed ? 'expired' : latest.status,
        gesture: latest.gesture as VerificationGesture,
        reason: latest.status === 'rejected' ? (latest.reason as VerificationRejectReason) : null,
        created_at: latest.createdAt.toISOString(),
        expires_at: latest.expiresAt.toISOString(),
        decided_at: latest.decidedAt?.toISOString() ?? null,
      },
    };
  }

  /**
   * Asks for a gesture. A gesture still valid comes back unchanged (asking again does not pick
   * another one); a selfie waiting for a moderator: 409 verification_open.
   */
  async request(userId: number, now = new Date()): Promise<OwnVerificationResponse> {
    const profile = await this.profile(userId);
    mayVerify(profile);
    await this.expireLapsed(userId, now);
    const open = await this.prisma.verificationRequest.findFirst({
      where: { userId, status: { in: ['requested', 'pending'] } },
      select: { status: true },
    });
    if (open?.status === 'pending') throw new AppError('verification_open');
    if (!open) {
      const gesture = VERIFICATION_GESTURES[randomInt(VERIFICATION_GESTURES.length)].key;
      try {
        await this.prisma.verificationRequest.create({
          data: {
            userId,
            gesture,
            createdAt: now,
            expiresAt: new Date(now.getTime() + VERIFICATION_REQUEST_MINUTES * 60_000),
          },
        });
      } catch (error) {
        // a second tab asked at the same moment: the one open request stands
        if (!isUniqueViolation(error)) throw error;
      }
    }
    return this.state(userId, now);
  }

  /**
   * The selfie making the gesture asked for: through the photo pipeline (bad files are a 4xx),
   * then the request waits for a moderator. Without a valid gesture: 409 verification_not_requested.
   */
  async submit(userId: number, upload: Buffer, now = new Date()): Promise<OwnVerificationResponse> {
    const profile = await this.profile(userId);
    mayVerify(profile);
    await this.expireLapsed(userId, now);
    const open = await this.prisma.verificationRequest.findFirst({
      where: { userId, status: { in: ['requested', 'pending'] } },
      select: { id: true, status: true },
    });
    if (open?.status === 'pending') throw new AppError('verification_open');
    if (!open) throw new AppError('verification_not_requested');
    const name = await this.selfies.store(upload);
    const moved = await this.prisma.verificationRequest.updateMany({
      where: { id: open.id, status: 'requested' },
      data: {
        status: 'pending',
        selfieFilename: name,
        submittedAt: now,
        expiresAt: new Date(now.getTime() + VERIFICATION_PENDING_DAYS * 86_400_000),
      },
    });
    if (moved.count === 0) {
      // another tab sent its selfie first
      await this.selfies.remove(name);
      throw new AppError('verification_open');
    }
    this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'verification' });
    return this.state(userId, now);
  }

  private async profile(userId: number) {
    const profile = await this.ownProfile.read(userId, {
      fictional: true,
      verified: true,
      verifiedAt: true,
    });
    if (!profile) throw new AppError('not_found');
    return profile;
  }

  /** Gestures nobody answered in time (the hourly task does the same for everyone). */
  private async expireLapsed(userId: number, now: Date): Promise<void> {
    await this.prisma.verificationRequest.updateMany({
      where: { userId, status: 'requested', expiresAt: { lte: now } },
      data: { status: 'expired' },
    });
  }
}

/** A chat pal is never verified; a verified member has nothing to ask. */
function mayVerify(profile: { fictional: boolean; verified: boolean }): void {
  if (profile.fictional) throw new AppError('verification_unavailable');
  if (profile.verified) throw new AppError('already_verified');
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}
