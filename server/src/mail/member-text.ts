import { defuseLinks } from '@app/contract';

/**
 * Values a member chose (profile names) inside a mail's texts. Each is defused where it is put
 * in (contract defuseLinks: `https[:]//evil[.]example`, so that neither the text part nor a
 * mail client's own linkifier shows it as a link) and marked with two private-use characters,
 * so that the layout links only the addresses the site's own templates wrote and escapes the
 * member's text as text (security review 2026-11-28, M2). The marks never leave the layout.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;
const MARKED = /\uE000([^\uE000\uE001]*)\uE001/;

/** A member's value for interpolation into a mail text (a translation's `{name}`). */
export function memberText(value: string): string {
  return `${OPEN}${defuseLinks(value.replace(MARKS, ''))}${CLOSE}`;
}

/** A mail text without its marks: as the text part and the subject show it. */
export function plainText(text: string): string {
  return text.replace(MARKS, '');
}

/** A text in its runs: the site's own (`member: false`) and members' values (`member: true`). */
export function textRuns(text: string): { text: string; member: boolean }[] {
  return text
    .split(MARKED)
    .map((run, i) => ({ text: run.replace(MARKS, ''), member: i % 2 === 1 }))
    .filter((run) => run.text !== '');
}
