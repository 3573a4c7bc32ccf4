import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

/**
 * A text of the pages' catalogues: plain text with `[label](/path)` for a link inside the site
 * (`mailto:` and `tel:` are links too). Nothing else is interpreted, so a text never injects HTML.
 */
export function RichText({ text: raw }: { text: string }) {
  // a name that ends in a full stop ("Vonkje Media B.V.") at the end of a sentence: one stop
  const text = raw.replace(/(?<!\.)\.\.(?!\.)/g, '.');
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, to] = match;
    const at = match.index;
    if (at > last) parts.push(text.slice(last, at));
    parts.push(
      to.startsWith('/') ? (
        <Link key={at} to={to}>
          {label}
        </Link>
      ) : (
        <a key={at} href={to}>
          {label}
        </a>
      ),
    );
    last = at + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
