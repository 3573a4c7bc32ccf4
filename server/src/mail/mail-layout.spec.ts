import { renderMail } from './mail-layout';
import { notificationContent } from './notification-content';
import { plainText } from './member-text';

const urls = {
  app: 'https://site.test',
  link: 'https://site.test/chats',
  unsubscribe: 'https://site.test/api/unsubscribe.php?token=7.abc',
};

describe('the mail layout', () => {
  it('renders a notification mail as HTML and text with the same texts, links and unsubscribe link', async () => {
    const { subject, content } = notificationContent(
      'notify_message',
      'nl',
      { count: 2, names: ['Anna', 'Bo & Co'], others: 2, conversationId: 41 },
      urls,
      'Vonkje',
    );
    expect(subject).toBe('Je hebt 2 nieuwe berichten op Vonkje');
    const { html, text } = await renderMail({ site: 'Vonkje', greeting: 'Hoi Piet,', ...content });
    expect(text).toContain('Er staan 2 nieuwe berichten voor je klaar.');
    expect(text).toContain('Van: Anna, Bo & Co en nog 2 anderen');
    expect(text).toContain('Lees je berichten:\nhttps://site.test/chats/41');
    const single = notificationContent(
      'notify_like',
      'nl',
      { count: 2, names: ['Anna'], others: 1 },
      urls,
      'Vonkje',
    );
    // the names are marked as members' values until the layout renders them
    expect(single.content.paragraphs.map(plainText)).toContain('Van: Anna en nog iemand');
    expect(text).toContain('Afmelden: https://site.test/api/unsubscribe.php?token=7.abc');
    expect(html).toContain('Er staan 2 nieuwe berichten voor je klaar.');
    // names are text, never markup
    expect(html).toContain('Van: Anna, Bo &amp; Co en nog 2 anderen');
    expect(html).toContain('href="https://site.test/chats/41"');
    expect(html).toContain('href="https://site.test/notifications"');
    expect(html).toContain('href="https://site.test/api/unsubscribe.php?token=7.abc"');
    expect(html).toMatch(/<html/);
  });

  it('writes each kind in the member’s language, one and many told apart', () => {
    const one = notificationContent('notify_like', 'en', { count: 1 }, urls, 'Vonkje');
    expect(one.subject).toBe('Someone likes you on Vonkje');
    expect(one.content.action?.url).toBe('https://site.test/chats');
    const many = notificationContent('notify_conversation', 'de', { count: 3 }, urls, 'Vonkje');
    expect(many.subject).toBe('3 Personen haben auf Vonkje ein Gespräch mit dir begonnen');
    const reminder = notificationContent('unread_reminder', 'nl', { count: 1 }, urls, 'Vonkje');
    expect(reminder.subject).toBe('Er wacht nog een ongelezen bericht op je bij Vonkje');
  });

  it('writes a count in the form the member’s language gives it (i18next plural keys, Intl plural rules)', () => {
    const subject = (language: 'pl' | 'fr' | 'nl', count: number) =>
      notificationContent('unread_reminder', language, { count }, urls, 'Vonkje').subject;
    expect(subject('pl', 1)).toBe('Czeka na Ciebie nieprzeczytana wiadomość w Vonkje');
    expect(subject('pl', 3)).toBe('Czekają na Ciebie 3 nieprzeczytane wiadomości w Vonkje');
    expect(subject('pl', 5)).toBe('Czeka na Ciebie 5 nieprzeczytanych wiadomości w Vonkje');
    expect(subject('pl', 22)).toBe('Czekają na Ciebie 22 nieprzeczytane wiadomości w Vonkje');
    expect(subject('nl', 21)).toBe('Er wachten nog 21 ongelezen berichten op je bij Vonkje');
    const others = notificationContent(
      'notify_like',
      'pl',
      { count: 7, names: ['Anna'], others: 6 },
      urls,
      'Vonkje',
    );
    expect(others.content.paragraphs.map(plainText).join('\n')).toContain('jeszcze 6 osób');
  });

  it('lists the weekly update’s new members with their age and a link to each profile', async () => {
    const { subject, content } = notificationContent(
      'weekly_update',
      'nl',
      {
        count: 2,
        members: [
          { name: 'Sanne', age: 31, profileId: 5 },
          { name: 'Iris', age: 28, profileId: 9 },
        ],
      },
      { ...urls, link: 'https://site.test/members' },
      'Vonkje',
    );
    expect(subject).toBe('Nieuwe leden deze week op Vonkje');
    const { html, text } = await renderMail({ site: 'Vonkje', greeting: 'Hoi,', ...content });
    expect(text).toContain('- Sanne (31): https://site.test/members/5');
    expect(html).toContain('href="https://site.test/members/9"');
    expect(html).toContain('Iris (28)');
    expect(text).toContain('Bekijk nieuwe leden:\nhttps://site.test/members');
  });

  it('keeps a credential mail’s text as written and links its address in HTML', async () => {
    const { html, text } = await renderMail({
      site: 'Vonkje',
      greeting: 'Hoi,',
      paragraphs: ['Via deze link:\nhttps://site.test/reset?token=a&b', 'Tot ziens.'],
    });
    expect(text).toBe('Hoi,\n\nVia deze link:\nhttps://site.test/reset?token=a&b\n\nTot ziens.');
    expect(html).toContain('href="https://site.test/reset?token=a&amp;b"');
    expect(html).not.toContain('unsubscribe');
  });

  it('never links an address in a member’s name, in the HTML part nor in the text part', async () => {
    const name = 'https://vonkje-verify.example/login';
    const { content } = notificationContent(
      'notify_like',
      'nl',
      { count: 2, names: [name, 'www.evil.example'], others: 0 },
      urls,
      'Vonkje',
    );
    const weekly = notificationContent(
      'weekly_update',
      'nl',
      { count: 1, members: [{ name: 'anna@evil.example', age: 30, profileId: 5 }] },
      urls,
      'Vonkje',
    );
    const { html, text } = await renderMail({
      site: 'Vonkje',
      greeting: 'Hoi,',
      ...content,
      links: weekly.content.links,
    });
    expect(html).not.toMatch(/href="[^"]*(vonkje-verify|evil)/);
    expect(html).not.toMatch(/<a [^>]*>[^<]*(vonkje-verify|www)/);
    // a weekly update's member links to the site's own page, the name its defused label
    expect(html).toMatch(
      /<a href="https:\/\/site\.test\/members\/5"[^>]*>anna@evil\[\.\]example \(30\)<\/a>/,
    );
    for (const part of [html, text]) {
      expect(part).toContain('https[:]//vonkje-verify[.]example/login');
      expect(part).toContain('www[.]evil[.]example');
      expect(part).toContain('anna@evil[.]example');
      expect(part).not.toMatch(
        /https?:\/\/vonkje-verify|vonkje-verify\.example|www\.evil|@evil\.example/,
      );
      expect(part).not.toMatch(/[\uE000\uE001]/);
    }
    // the site's own addresses are still links
    expect(html).toContain('href="https://site.test/chats"');
    expect(html).toContain('href="https://site.test/notifications"');
  });
});
