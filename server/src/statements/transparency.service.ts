import { Injectable } from '@nestjs/common';
import { TRANSPARENCY_MAX_DAYS, type TransparencyQuery } from '@app/contract';
import { AppError } from '../common/app-error';
import { Prisma } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { queryRows } from '../prisma/sql';
import { AuditLog, type StaffPrincipal } from '../staff';

const DAY_MS = 86_400_000;

interface DecisionGroup {
  kind: string;
  ground: string;
  automated: boolean;
  count: bigint;
}
interface Median {
  kind: string;
  median_hours: number | null;
}
interface AppealCounts {
  received: bigint;
  open: bigint;
  upheld: bigint;
  reversed: bigint;
  median_hours: number | null;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const hours = (value: number | null) => (value === null ? '' : value.toFixed(2));

/**
 * The transparency report (DSA art. 15, 24) for a period of days (UTC, `to` included), as CSV:
 * decisions per kind, ground and detection (automated or manual), the median handling time per
 * kind (from the item's creation or report to the decision), notices received, and appeals with
 * their outcomes and median time to decide. Admins only; each export writes an audit row.
 */
@Injectable()
export class TransparencyService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditLog,
  ) {}

  async csv(staff: StaffPrincipal, query: TransparencyQuery, ip?: string): Promise<string> {
    const from = new Date(`${query.from}T00:00:00.000Z`);
    const to = new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + DAY_MS);
    const days = (to.getTime() - from.getTime()) / DAY_MS;
    if (Number.isNaN(days) || days < 1 || days > TRANSPARENCY_MAX_DAYS) {
      throw new AppError('transparency_period_invalid', {}, 'to');
    }
    const [groups, medians, [appeals], notices] = await Promise.all([
      queryRows<DecisionGroup>(
        this.prisma,
        Prisma.sql`
          SELECT kind, ground, automated_detection AS automated, count(*) AS count
          FROM statements WHERE decided_at >= ${from} AND decided_at < ${to}
          GROUP BY kind, ground, automated_detection ORDER BY kind, ground, automated_detection`,
      ),
      queryRows<Median>(
        this.prisma,
        Prisma.sql`
          SELECT kind, percentile_cont(0.5) WITHIN GROUP (
            ORDER BY extract(epoch FROM decided_at - item_at) / 3600) AS median_hours
          FROM statements
          WHERE decided_at >= ${from} AND decided_at < ${to} AND item_at IS NOT NULL
          GROUP BY kind ORDER BY kind`,
      ),
      queryRows<AppealCounts>(
        this.prisma,
        Prisma.sql`
          SELECT count(*) AS received,
            count(*) FILTER (WHERE outcome IS NULL) AS open,
            count(*) FILTER (WHERE outcome = 'upheld') AS upheld,
            count(*) FILTER (WHERE outcome = 'reversed') AS reversed,
            percentile_cont(0.5) WITHIN GROUP (
              ORDER BY extract(epoch FROM decided_at - created_at) / 3600)
              FILTER (WHERE decided_at IS NOT NULL) AS median_hours
          FROM appeals WHERE created_at >= ${from} AND created_at < ${to}`,
      ),
      this.prisma.complaint.count({
        where: { notice: true, createdAt: { gte: from, lt: to } },
      }),
    ]);
    const lines: (string | number)[][] = [
      ['section', 'kind', 'ground', 'detection', 'value'],
      ['period', '', '', '', `${query.from}/${query.to}`],
    ];
    for (const group of groups) {
      lines.push([
        'decisions',
        group.kind,
        group.ground,
        group.automated ? 'automated' : 'manual',
        Number(group.count),
      ]);
    }
    for (const median of medians) {
      lines.push(['median_handling_hours', median.kind, '', '', hours(median.median_hours)]);
    }
    lines.push(['notices_received', '', '', '', notices]);
    lines.push(['appeals_received', '', '', '', Number(appeals.received)]);
    lines.push(['appeals_open', '', '', '', Number(appeals.open)]);
    lines.push(['appeals_upheld', '', '', '', Number(appeals.upheld)]);
    lines.push(['appeals_reversed', '', '', '', Number(appeals.reversed)]);
    lines.push(['appeals_median_hours', '', '', '', hours(appeals.median_hours)]);
    await this.audit.record(
      this.prisma,
      staff,
      {
        action: 'transparency.export',
        subjectType: 'transparency_report',
        after: { from: query.from, to: query.to, decisions: groups.length },
      },
      ip,
    );
    return lines.map((line) => line.map(field).join(',')).join('\r\n') + '\r\n';
  }
}
