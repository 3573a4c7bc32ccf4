import {
  APPEAL_DECISION_DAYS,
  DECISION_GROUNDS,
  type DecisionGround,
  type Language,
} from '@app/contract';
import type { PrismaService } from '../prisma/prisma.service';
import { translate } from '../i18n/i18n';
import type { StatementMailParams } from './mail-outbox.service';
import type { MailTemplate } from './mail.templates';
import { memberText } from './member-text';
import { appealUntil } from './statement-dates';

const STATEMENT_MAILS = [
  'statement',
  'statement_ban',
  'appeal_decided',
  'notice_received',
] as const;
type StatementMail = (typeof STATEMENT_MAILS)[number];

export function isStatementMail(template: MailTemplate): template is StatementMail {
  return (STATEMENT_MAILS as readonly string[]).includes(template);
}

/** A date as the member reads it in their language (UTC, the day only). */
function day(language: Language, date: Date): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * The texts of a statement of reasons, an appeal's outcome or a notice's acknowledgement, in
 * the reader's language, read from the rows when the mail is sent (the row gone: a short mail
 * without details is better than none; the page behind the link has the rest).
 */
export async function statementMail(
  prisma: PrismaService,
  template: StatementMail,
  language: Language,
  params: StatementMailParams,
  base: { site: string; link: string },
): Promise<{ subject: string; paragraphs: string[] }> {
  const t = (key: string, values: Record<string, unknown> = {}) =>
    translate(language, `mail.${key}`, { ...base, ...values });
  if (template === 'notice_received') {
    const notice = params.noticeId
      ? await prisma.complaint.findUnique({
          where: { id: params.noticeId },
          select: { id: true, createdAt: true },
        })
      : null;
    return {
      subject: t('notice_received_subject'),
      paragraphs: t('notice_received_body', {
        number: notice?.id ?? '',
        date: day(language, notice?.createdAt ?? new Date()),
      }).split('\n\n'),
    };
  }
  const statement = params.statementId
    ? await prisma.statement.findUnique({
        where: { id: params.statementId },
        include: { appeal: true },
      })
    : null;
  if (!statement) {
    return { subject: t(`${template}_subject`), paragraphs: [t('statement_see_link')] };
  }
  const ground = statement.ground as DecisionGround;
  const values = {
    decision: t(`decision_kinds.${statement.kind}`),
    item: t(`statement_items.${statement.itemType}`),
    ground: t(`grounds.${ground}`),
    section: DECISION_GROUNDS[ground]?.section ?? 8,
    explanation: memberText(statement.explanation),
    automated: t(statement.automatedDetection ? 'statement_automated' : 'statement_manual'),
    until: day(language, appealUntil(statement.decidedAt)),
    count: APPEAL_DECISION_DAYS,
  };
  if (template === 'appeal_decided') {
    const appeal = statement.appeal;
    return {
      subject: t('appeal_decided_subject'),
      paragraphs: t('appeal_decided_body', {
        ...values,
        outcome: t(`appeal_outcomes.${appeal?.outcome ?? 'upheld'}`),
        reply: memberText(appeal?.explanation ?? ''),
      }).split('\n\n'),
    };
  }
  return {
    subject: t('statement_subject', values),
    paragraphs: t('statement_body', values).split('\n\n'),
  };
}
