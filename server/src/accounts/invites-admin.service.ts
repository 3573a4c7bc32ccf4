import { Injectable } from '@nestjs/common';
import { randomInt } from 'node:crypto';
import type { InviteState, StaffInvite } from '@app/contract';
import { AppError } from '../common/app-error';
import type { Invite } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { StaffChanges, type StaffPrincipal } from '../staff';

const DAY_MS = 86_400_000;
const LIST_LIMIT = 500;
/** A random code: 12 of 32 letters and digits (60 bits), none alike, in groups of four. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function randomCode(): string {
  const chars = Array.from({ length: 12 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8).join('')}`;
}

function stateOf(invite: Invite, now: Date): InviteState {
  if (invite.usedAt) return 'used';
  if (invite.revokedAt) return 'revoked';
  if (invite.expiresAt && invite.expiresAt <= now) return 'expired';
  return 'open';
}

export function presentInvite(invite: Invite, now = new Date()): StaffInvite {
  return {
    id: invite.id,
    code: invite.code,
    state: stateOf(invite, now),
    expires_at: invite.expiresAt?.toISOString() ?? null,
    used_at: invite.usedAt?.toISOString() ?? null,
    revoked_at: invite.revokedAt?.toISOString() ?? null,
    created_at: invite.createdAt.toISOString(),
  };
}

/**
 * Admins' invite codes (signup_invite_only): made at random or chosen, listed newest first,
 * revoked (a used code stays used: it is history). Each action is audited in its transaction.
 * Who used a code is not shown here: that is the member's page.
 */
@Injectable()
export class InvitesAdmin {
  constructor(
    private readonly prisma: PrismaService,
    private readonly changes: StaffChanges,
  ) {}

  async list() {
    const rows = await this.prisma.invite.findMany({ orderBy: { id: 'desc' }, take: LIST_LIMIT });
    const now = new Date();
    return { invites: rows.map((row) => presentInvite(row, now)) };
  }

  async create(
    staff: StaffPrincipal,
    body: { code?: string; count: number; expires_in_days: number | null },
    ip?: string,
  ) {
    const now = new Date();
    const expiresAt = body.expires_in_days
      ? new Date(now.getTime() + body.expires_in_days * DAY_MS)
      : null;
    const codes = body.code ? [body.code] : Array.from({ length: body.count }, randomCode);
    const invites = await this.changes.apply(staff, ip, null, async (tx) => {
      const made = await tx.invite.createManyAndReturn({
        data: codes.map((code) => ({ code, expiresAt })),
        skipDuplicates: true,
      });
      if (made.length !== codes.length) throw new AppError('code_taken', {}, 'code');
      const views = made.map((row) => presentInvite(row, now));
      return {
        result: views,
        audit: {
          action: 'invite.create',
          subjectType: 'invite',
          subjectId: made.length === 1 ? made[0].id : null,
          after: { codes: views.map((v) => v.code), expires_at: expiresAt?.toISOString() ?? null },
        },
      };
    });
    return { invites };
  }

  /** Revokes an open code; revoking it again changes nothing; a used code cannot be revoked. */
  async revoke(staff: StaffPrincipal, id: number, ip?: string) {
    return this.changes.apply(staff, ip, null, async (tx) => {
      const before = await tx.invite.findUnique({ where: { id } });
      if (!before) throw new AppError('not_found');
      if (before.usedAt) throw new AppError('conflict');
      if (before.revokedAt) return { result: { invite: presentInvite(before) }, audit: null };
      // only if still unused: a signup claiming it right now wins or loses as a whole
      const revoked = await tx.invite.updateManyAndReturn({
        where: { id, usedAt: null, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      if (revoked.length === 0) throw new AppError('conflict');
      const after = presentInvite(revoked[0]);
      return {
        result: { invite: after },
        audit: {
          action: 'invite.revoke',
          subjectType: 'invite',
          subjectId: id,
          before: presentInvite(before),
          after,
        },
      };
    });
  }
}
