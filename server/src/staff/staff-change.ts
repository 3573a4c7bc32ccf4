import { Injectable } from '@nestjs/common';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { CacheInvalidation, type InvalidationTopic } from '../redis/invalidation';
import { AuditLog, type AuditRecord } from './audit.service';
import type { StaffPrincipal } from './staff-sessions.service';

/** What a change did: its answer, and its audit row (null when it changed nothing). */
export interface Changed<T> {
  result: T;
  audit: AuditRecord | null;
}

/**
 * One change staff make to the site's catalogue or settings (gifts, packages, discount codes,
 * invites, settings, company details), always the same way: the change and its audit row in one
 * transaction (no change without its row, no row without its change), then, once committed,
 * every process told to drop its cached copy (`announce`).
 */
@Injectable()
export class StaffChanges {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
    private readonly invalidation: CacheInvalidation,
  ) {}

  async apply<T>(
    staff: StaffPrincipal,
    ip: string | undefined,
    announce: InvalidationTopic | null,
    change: (tx: Prisma.TransactionClient) => Promise<Changed<T>>,
  ): Promise<T> {
    const { result, audit } = await this.prisma.$transaction(async (tx) => {
      const done = await change(tx);
      if (done.audit) await this.audit.record(tx, staff, done.audit, ip);
      return done;
    });
    if (announce && audit) await this.invalidation.publish(announce);
    return result;
  }
}
