import { useEffect } from 'react';
import { useSettings } from '../api/settings';
import { formatBadgeCount } from './CountBadge';

/**
 * The document title: "<page> | <site name>", with "(n) " in front while the member has n
 * unread messages plus new likes (SPEC point 1: the page title carries that badge). The page
 * sets its part (usePageTitle), the shell the count (setTitleCount); either renders both.
 */
let pageTitle: string | null = null;
let titleCount = 0;

function renderTitle(): void {
  if (pageTitle === null) pageTitle = document.title;
  document.title = titleCount > 0 ? `(${formatBadgeCount(titleCount)}) ${pageTitle}` : pageTitle;
}

/** Puts "(count) " in front of the page's title; 0 removes it. */
export function setTitleCount(count: number): void {
  titleCount = Math.max(0, count);
  renderTitle();
}

/** Sets the document title as "<page> | <site name>" (with the count, if any, in front). */
export function usePageTitle(title: string | undefined) {
  const { name } = useSettings();
  useEffect(() => {
    pageTitle = title ? `${title} | ${name}` : name;
    renderTitle();
  }, [title, name]);
}
