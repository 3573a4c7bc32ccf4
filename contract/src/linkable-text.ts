/**
 * Text a member chose (a profile name, an about text, a message) that a mail client, a phone or
 * a browser would show as a link: a web address (a scheme, `www.`, a bare `host.tld` with or
 * without a path, an IPv4 address) or an e-mail address. One place for these shapes (phone
 * numbers: phone-numbers.ts): the profile rules refuse names that have one (profile-rules.ts),
 * and the server
 * defuses them wherever member text goes into a mail or a push (server/src/mail, server/src/push),
 * names saved before the rule included.
 */

/** The full stop and the ideographic and full-width ones that address parsers read as dots. */
const DOT = '[.\\u3002\\uFF0E\\uFF61]';
/** A host name's label (letters of any script, digits, hyphens and underscores inside). */
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}_-]*[\\p{L}\\p{N}])?';
/**
 * A top-level domain: two letters or more (any script), or punycode. Deliberately wide: over a
 * thousand generic TLDs are words (.amsterdam, .love, .dating), and a linkifier that knows them
 * links `anna.love`; `Anna.Maria` is refused as a name too (a space is all it takes).
 */
const TLD = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})';
const HOST = `${LABEL}(?:${DOT}${LABEL})*${DOT}${TLD}(?![\\p{L}\\p{N}_-])`;
const IPV4 = `(?<![\\p{N}.])\\d{1,3}(?:${DOT}\\d{1,3}){3}(?!\\p{N})`;

const HOST_OR_IP = new RegExp(`${HOST}|${IPV4}`, 'giu');
/** `https://`, `ftp://`, and the schemes that need no slashes (`mailto:`, `tel:`...). */
const SCHEME = /\b([a-z][a-z0-9+.-]*:\/\/|(?:mailto|tel|callto|sms|whatsapp|skype):)/giu;
const EMAIL = new RegExp(`[^\\s@]@${HOST}`, 'iu');
const DOTS = new RegExp(DOT, 'gu');

export type LinkableKind = 'email' | 'web';

/** Whether the text holds an e-mail address (`email`) or a web address (`web`), or neither. */
export function linkableKind(text: string): LinkableKind | null {
  if (EMAIL.test(text)) return 'email';
  SCHEME.lastIndex = 0;
  HOST_OR_IP.lastIndex = 0;
  if (SCHEME.test(text) || HOST_OR_IP.test(text)) return 'web';
  return null;
}

/**
 * The text with every address in it broken so that no mail client or push shows it as a link,
 * still readable: `https://evil.example/login` becomes `https[:]//evil[.]example/login`,
 * `anna@evil.example` becomes `anna@evil[.]example`. Text without an address is unchanged, and
 * a defused text stays as it is when defused again.
 */
export function defuseLinks(text: string): string {
  return text
    .replace(SCHEME, (scheme: string) => scheme.replace(':', '[:]'))
    .replace(HOST_OR_IP, (host) => host.replace(DOTS, '[.]'));
}
