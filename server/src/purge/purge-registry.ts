import { Injectable, SetMetadata } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { coveredOnce, markedProviders } from '../common/marked-steps';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { memberColumnsStatement, type MemberColumnRow } from './purge.sql';

/** What a purge does with a column that points at a member: delete, anonymise, or keep (why). */
export type Coverage = 'delete' | 'anonymise' | `keep: ${string}`;

/** A stored file of a member, removed before the purge's transaction. */
export interface StoredFile {
  kind: 'photos' | 'chat' | 'exports' | 'selfies' | 'library';
  name: string;
}

/**
 * A feature's part of erasing a member (GDPR): each feature that keeps a member's personal data
 * declares one, marked `@Purges()`. `covers` names every `table.column` pointing at `users` that
 * the step is responsible for; the registry refuses to purge while a column of the database is
 * covered by no step, and a test compares the two.
 */
export interface PurgeStep {
  readonly covers: Record<string, Coverage>;
  /** Steps run in ascending order inside one transaction (default 0; the account row last). */
  readonly order?: number;
  /** Files to remove before the transaction (missing ones are fine). */
  files?(userId: number): Promise<StoredFile[]>;
  purge(tx: Prisma.TransactionClient, userId: number, now: Date): Promise<void>;
}

const PURGE_STEP = 'purge:step';

/** Registers a provider as a purge step (see PurgeStep). */
export const Purges = () => SetMetadata(PURGE_STEP, true);

/** Finds every purge step of the running process and checks they cover the whole database. */
@Injectable()
export class PurgeRegistry {
  private checked = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly prisma: PrismaService,
  ) {}

  steps(): PurgeStep[] {
    return markedProviders<PurgeStep>(this.discovery, this.reflector, PURGE_STEP).sort(
      (a, b) => (a.order ?? 0) - (b.order ?? 0),
    );
  }

  /** Every covered column with what happens to it. */
  coverage(): Record<string, Coverage> {
    return coveredOnce(this.steps(), 'purge');
  }

  /** The columns of the database that point at a member. */
  async memberColumns(): Promise<string[]> {
    const rows = await queryRows<MemberColumnRow>(this.prisma, memberColumnsStatement);
    return rows.map((row) => row.column).sort();
  }

  /** Throws (so nothing is half-erased) when a column pointing at members has no step. */
  async assertComplete(): Promise<void> {
    if (this.checked) return;
    const covered = this.coverage();
    const missing = (await this.memberColumns()).filter((column) => !covered[column]);
    if (missing.length) {
      throw new Error(`No purge step covers ${missing.join(', ')}: the purge would leave data`);
    }
    this.checked = true;
  }
}
