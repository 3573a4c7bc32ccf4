import type { Language } from '@app/contract';
import { translate } from '../i18n/i18n';
import type { MailContent } from './mail-layout';
import { RETENTION_MAILS, type MailingList, type RetentionMail } from './mail.templates';
import { plainText } from './member-text';

/** What a campaign's mail intent carries (mail_intents.params). */
export interface CampaignMailParams {
  campaignId: number;
  /** An admin's test send to their own address: no consent asked, no recipient row. */
  test?: boolean;
  /** The test's language (a real mail goes in the member's). */
  language?: string;
}

interface Urls {
  app: string;
  link: string;
  unsubscribe: string;
}

type Content = { subject: string; content: Omit<MailContent, 'site' | 'greeting'> };

/** The small print of a mail sent under a preference: why it came, how to stop it. */
function footer(language: Language, list: MailingList, site: string, urls: Urls) {
  return {
    text: translate(language, `mail.list_footer_${list}`, { site }),
    links: [
      {
        label: translate(language, 'mail.notification_settings'),
        url: `${urls.app}/notifications`,
      },
      { label: translate(language, 'mail.unsubscribe'), url: urls.unsubscribe },
    ],
  };
}

/** A mail that brings members back, in the member's language (`mail.<template>_*`). */
export function retentionContent(
  template: RetentionMail,
  language: Language,
  urls: Urls,
  site: string,
): Content {
  const vars = { site };
  return {
    subject: translate(language, `mail.${template}_subject`, vars),
    content: {
      paragraphs: translate(language, `mail.${template}_body`, vars).split('\n\n'),
      action: { label: translate(language, `mail.${template}_action`, vars), url: urls.link },
      footer: footer(language, RETENTION_MAILS[template], site, urls),
    },
  };
}

/**
 * A campaign's mail: the admin's subject and body as plain text (paragraphs split at an empty
 * line; the layout escapes everything and makes links only of web addresses), with the footer
 * of its consent in the member's language.
 */
export function campaignMailContent(
  text: { subject: string; body: string },
  consent: 'promotions' | 'news',
  language: Language,
  urls: Urls,
  site: string,
): Content {
  const body = plainText(text.body).replace(/\r\n?/g, '\n').trim();
  return {
    subject: plainText(text.subject).replace(/\s+/g, ' ').trim(),
    content: {
      paragraphs: body
        .split(/\n[ \t]*\n+/)
        .map((p) => p.trim())
        .filter(Boolean),
      footer: footer(language, consent, site, urls),
    },
  };
}
