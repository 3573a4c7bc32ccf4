import mjml2html from 'mjml';
import { plainText, textRuns } from './member-text';

/** The site's mail colour (the web app's $primary). */
const PRIMARY = '#6f42c1';

/** What one mail says; the layout turns it into the HTML and the text part. */
export interface MailContent {
  /** The site's name (settings): the header of the HTML part. */
  site: string;
  greeting: string;
  /**
   * Plain text; the web addresses the site's own texts hold become links in the HTML part,
   * values a member chose (put in with memberText) never do.
   */
  paragraphs: string[];
  /** Named links, one a line (the weekly update's new members); a label is never linked. */
  links?: { label: string; url: string }[];
  /** The mail's main link, a button in HTML. */
  action?: { label: string; url: string };
  /** Small print under a rule: why the mail came, how to stop it. */
  footer?: { text: string; links: { label: string; url: string }[] };
}

export interface RenderedMail {
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Escaped text with its line breaks as <br>; the marks of members' values gone. */
const textHtml = (text: string) => escapeHtml(plainText(text)).replace(/\n/g, '<br />');

/**
 * A paragraph in HTML: escaped, its line breaks <br>, and the web addresses of the site's own
 * text turned into links. A member's value (marked by memberText) is only escaped: never a link.
 */
function paragraphHtml(text: string): string {
  return textRuns(text)
    .map((run) =>
      run.member
        ? textHtml(run.text)
        : run.text
            .split(/(https?:\/\/[^\s]+)/)
            .map((part, i) =>
              i % 2 === 1
                ? `<a href="${escapeHtml(part)}" style="color:${PRIMARY}">${escapeHtml(part)}</a>`
                : textHtml(part),
            )
            .join(''),
    )
    .join('');
}

const link = (l: { label: string; url: string }) =>
  `<a href="${escapeHtml(l.url)}" style="color:${PRIMARY}">${textHtml(l.label)}</a>`;

/**
 * The one layout of the site's mails, written in MJML (responsive HTML that mail clients
 * render alike) and rendered when a mail is sent; the text part says the same in plain text.
 */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  const text = plainText(
    [
      content.greeting,
      ...content.paragraphs,
      ...(content.links?.length
        ? [content.links.map((l) => `- ${l.label}: ${l.url}`).join('\n')]
        : []),
      ...(content.action ? [`${content.action.label}:\n${content.action.url}`] : []),
      ...(content.footer
        ? [
            `--\n${content.footer.text}\n${content.footer.links.map((l) => `${l.label}: ${l.url}`).join('\n')}`,
          ]
        : []),
    ].join('\n\n'),
  );

  const mj = `<mjml>
  <mj-head>
    <mj-attributes>
      <mj-all font-family="Helvetica, Arial, sans-serif" />
      <mj-text font-size="15px" line-height="1.5" color="#212529" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f6f3fb">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text font-size="22px" font-weight="bold" color="${PRIMARY}" align="center">${escapeHtml(content.site)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="8px" padding="16px 8px">
      <mj-column>
        <mj-text>${textHtml(content.greeting)}</mj-text>
        ${content.paragraphs.map((p) => `<mj-text>${paragraphHtml(p)}</mj-text>`).join('\n        ')}
        ${content.links?.length ? `<mj-text>${content.links.map(link).join('<br />')}</mj-text>` : ''}
        ${
          content.action
            ? `<mj-button href="${escapeHtml(content.action.url)}" background-color="${PRIMARY}" border-radius="6px" font-size="15px">${textHtml(content.action.label)}</mj-button>`
            : ''
        }
      </mj-column>
    </mj-section>
    ${
      content.footer
        ? `<mj-section padding="8px 0 24px">
      <mj-column>
        <!-- the small print: #5c636a keeps 4.5:1 on the page colour (WCAG AA) -->
        <mj-text font-size="12px" color="#5c636a" align="center">${textHtml(content.footer.text)}<br />${content.footer.links.map(link).join(' · ')}</mj-text>
      </mj-column>
    </mj-section>`
        : ''
    }
  </mj-body>
</mjml>`;
  const { html, errors } = await mjml2html(mj, { validationLevel: 'strict', keepComments: false });
  if (errors.length) throw new Error(`Mail layout: ${errors.map((e) => e.message).join('; ')}`);
  return { html, text };
}
