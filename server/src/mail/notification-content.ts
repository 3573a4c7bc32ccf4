import type { Language } from '@app/contract';
import { translate } from '../i18n/i18n';
import type { MailContent } from './mail-layout';
import type { NotificationMail } from './mail.templates';
import { memberText } from './member-text';

/** What a notification, reminder or weekly mail tells (mail_intents.params). */
export interface NotificationParams {
  /** How many: messages, new conversations, likes, unread messages. */
  count: number;
  /** Profile names of the senders or likers (a few; none when no name may be shown). */
  names?: string[];
  /** How many more senders or likers there are than named. */
  others?: number;
  /** The one conversation it is about, when it is about one: the link opens it. */
  conversationId?: number;
  /** The weekly update's new members. */
  members?: { name: string; age: number | null; profileId: number }[];
}

const ACTION: Record<NotificationMail, string> = {
  notify_message: 'mail.action_read_messages',
  notify_conversation: 'mail.action_read_messages',
  notify_like: 'mail.action_see_likes',
  unread_reminder: 'mail.action_read_messages',
  weekly_update: 'mail.action_see_members',
};

/** "Anna, Piet and 2 others", in the member's language; the names as members' values. */
function namesLine(language: Language, names: string[], others: number): string {
  const marked = names.map(memberText);
  const items =
    others > 0 ? [...marked, translate(language, 'mail.and_others', { count: others })] : marked;
  return new Intl.ListFormat(language, { type: 'conjunction' }).format(items);
}

/**
 * The subject and the content of a notification mail in the member's language; `link` is the
 * template's page on the site, `unsubscribe` the member's one-click unsubscribe link.
 */
export function notificationContent(
  template: NotificationMail,
  language: Language,
  params: NotificationParams,
  urls: { app: string; link: string; unsubscribe: string },
  site: string,
): { subject: string; content: Omit<MailContent, 'site' | 'greeting'> } {
  // the count chooses the plural form of the member's language (i18next's `_one`, `_few`, …)
  const vars = { site, count: params.count };
  const subject = translate(language, `mail.${template}_subject`, vars);
  const paragraphs = [translate(language, `mail.${template}_body`, vars)];
  const names = params.names ?? [];
  if (names.length > 0) {
    paragraphs.push(
      translate(language, 'mail.from_names', {
        names: namesLine(language, names, params.others ?? 0),
      }),
    );
  }
  const action = {
    label: translate(language, ACTION[template]),
    url: params.conversationId ? `${urls.app}/chats/${params.conversationId}` : urls.link,
  };
  const links = (params.members ?? []).map((m) => ({
    label:
      m.age === null
        ? memberText(m.name)
        : translate(language, 'mail.member_with_age', { name: memberText(m.name), age: m.age }),
    url: `${urls.app}/members/${m.profileId}`,
  }));
  return {
    subject,
    content: {
      paragraphs,
      links,
      action,
      footer: {
        text: translate(language, 'mail.notification_footer', { site }),
        links: [
          {
            label: translate(language, 'mail.notification_settings'),
            url: `${urls.app}/notifications`,
          },
          { label: translate(language, 'mail.unsubscribe'), url: urls.unsubscribe },
        ],
      },
    },
  };
}
