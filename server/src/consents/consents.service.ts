import { Injectable } from '@nestjs/common';
import {
  LEGAL_DOCUMENTS,
  LEGAL_VERSIONS,
  currentLegalVersion,
  type AcceptConsentsRequest,
  type ConsentsResponse,
  type LegalDocument,
  type PendingConsent,
} from '@app/contract';
import { AppError } from '../common/app-error';
import type { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { SettingsService } from '../settings';

/** Where a consent was given, kept with it as proof: the request's address and browser. */
export interface ConsentProof {
  ip?: string;
  userAgent?: string;
}

/** How a row came to be: at signup, the re-acceptance prompt, the account page, the seed. */
export type ConsentSource = 'signup' | 'prompt' | 'account' | 'seed';

type Client = Prisma.TransactionClient | PrismaService;

/** The proof's columns, cut to their lengths. */
function proofColumns(proof: ConsentProof) {
  return { ip: proof.ip?.slice(0, 45) ?? null, userAgent: proof.userAgent?.slice(0, 300) ?? null };
}

/** The rows that accept every legal document's version in force. */
export function currentAcceptances(
  userId: number,
  source: ConsentSource,
  proof: ConsentProof,
  at: Date,
): Prisma.MemberConsentCreateManyInput[] {
  return LEGAL_DOCUMENTS.map((document) => ({
    userId,
    subject: document,
    version: currentLegalVersion(document).id,
    source,
    ...proofColumns(proof),
    createdAt: at,
  }));
}

/**
 * The consent log (issue 36 item 2), one append-only table `member_consents`: which version of
 * the terms and privacy statement a member accepted and when, and the partner-sharing opt-in
 * given or revoked. A member's state is their newest row per subject; nothing is ever changed.
 */
@Injectable()
export class ConsentsService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
  ) {}

  /**
   * At signup, in its transaction: the versions in force accepted (signup's accept_terms).
   * Answers them as the account's row now has them (the consent log's trigger set them), for an
   * account read before.
   */
  async recordSignup(tx: Prisma.TransactionClient, userId: number, proof: ConsentProof) {
    await tx.memberConsent.createMany({
      data: currentAcceptances(userId, 'signup', proof, new Date()),
    });
    return {
      acceptedTermsVersion: currentLegalVersion('terms').id,
      acceptedPrivacyVersion: currentLegalVersion('privacy').id,
    };
  }

  /** The newest row per subject (one indexed read per subject). */
  private async latest(client: Client, userId: number) {
    const rows = await client.memberConsent.findMany({
      where: { userId },
      distinct: ['subject'],
      orderBy: [{ subject: 'asc' }, { createdAt: 'desc' }, { id: 'desc' }],
      select: { subject: true, version: true, granted: true },
    });
    return new Map(rows.map((row) => [row.subject, row]));
  }

  /** The documents whose version in force the member has not accepted (none on record: all). */
  async pending(userId: number, client: Client = this.prisma): Promise<PendingConsent[]> {
    const latest = await this.latest(client, userId);
    return LEGAL_DOCUMENTS.flatMap((document) => {
      const accepted = latest.get(document)?.version ?? null;
      const current = currentLegalVersion(document).id;
      return accepted === current
        ? []
        : [{ document, version: current, accepted_version: accepted }];
    });
  }

  /**
   * The documents still to accept, for the `user` object of GET /api/user.php: from the versions
   * the session's row carries (users.accepted_*_version, which member_consents' trigger keeps to
   * the newest row), so the polling path reads no more than it did.
   */
  pendingOf(user: {
    acceptedTermsVersion: string | null;
    acceptedPrivacyVersion: string | null;
  }): LegalDocument[] {
    const accepted: Record<LegalDocument, string | null> = {
      terms: user.acceptedTermsVersion,
      privacy: user.acceptedPrivacyVersion,
    };
    return LEGAL_DOCUMENTS.filter(
      (document) => accepted[document] !== currentLegalVersion(document).id,
    );
  }

  /** GET /api/consents.php */
  async overview(userId: number): Promise<ConsentsResponse> {
    const [latest, stored] = await Promise.all([
      this.latest(this.prisma, userId),
      this.settings.stored(),
    ]);
    return {
      pending: await this.pending(userId),
      partner_sharing: latest.get('partner_sharing')?.granted ?? false,
      partner_sharing_offered: stored.member_resell,
    };
  }

  /**
   * POST /api/consents.php: accepts the versions the member was shown. Each must be the one in
   * force (a version published while the page was open is shown first: 409). An acceptance
   * already on record is not written again.
   */
  async accept(
    userId: number,
    body: AcceptConsentsRequest,
    proof: ConsentProof,
  ): Promise<ConsentsResponse> {
    for (const { document, version } of body.accept) {
      if (version !== currentLegalVersion(document).id) {
        const known = LEGAL_VERSIONS[document].some((v) => v.id === version);
        throw new AppError(known ? 'consent_version_outdated' : 'validation_failed', {}, 'accept');
      }
    }
    const open = new Set((await this.pending(userId)).map((p) => p.document));
    const now = new Date();
    const data = body.accept
      .filter(
        ({ document }, index, all) =>
          open.has(document) && all.findIndex((a) => a.document === document) === index,
      )
      .map(({ document, version }) => ({
        userId,
        subject: document,
        version,
        source: 'prompt',
        ...proofColumns(proof),
        createdAt: now,
      }));
    if (data.length) await this.prisma.memberConsent.createMany({ data });
    return this.overview(userId);
  }

  /**
   * PUT /api/partner-sharing.php: the member gives or revokes sharing their profile with
   * partner sites (default off). Logged only when it changes.
   */
  async setPartnerSharing(
    userId: number,
    enabled: boolean,
    proof: ConsentProof,
  ): Promise<ConsentsResponse> {
    const stored = await this.settings.stored();
    // offered only while the site shares with partner sites; revoking is always possible
    if (enabled && !stored.member_resell) throw new AppError('forbidden');
    const had = (await this.latest(this.prisma, userId)).get('partner_sharing')?.granted ?? false;
    if (had !== enabled) {
      await this.prisma.memberConsent.create({
        data: {
          userId,
          subject: 'partner_sharing',
          granted: enabled,
          source: 'account',
          ...proofColumns(proof),
        },
      });
    }
    return this.overview(userId);
  }

  /**
   * Whether this member's profile may go to partner sites: the site shares (member_resell)
   * and the member opted in. Whatever shares profiles with partner sites asks this.
   */
  async sharesWithPartners(userId: number): Promise<boolean> {
    const stored = await this.settings.stored();
    if (!stored.member_resell) return false;
    return (await this.latest(this.prisma, userId)).get('partner_sharing')?.granted ?? false;
  }
}
