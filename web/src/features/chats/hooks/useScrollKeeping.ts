import { useCallback, useLayoutEffect, useRef } from 'react';
import type { ChatMessage } from '@app/contract';
import { keptScrollTop } from '../model/messages';

/** Older messages load when the member scrolls this close to the top (px). */
const LOAD_OLDER_AT_PX = 120;
/** Closer than this to the bottom, new messages keep the view at the bottom (px). */
const STICK_TO_BOTTOM_PX = 96;

/**
 * The message area's scrolling, after every change of the messages or the typing indicator:
 * the newest at the bottom, kept there while the member is near it (`stickToBottom` after their
 * own send), and an older page put above without moving what the member looks at (`keepPlace`
 * just before it goes in: keptScrollTop adds the content's growth).
 */
export function useScrollKeeping(messages: readonly ChatMessage[], typingAt: number) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const restore = useRef<{ scrollHeight: number; scrollTop: number } | null>(null);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (restore.current) {
      element.scrollTop = keptScrollTop(restore.current, element.scrollHeight);
      restore.current = null;
    } else if (stick.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [messages, typingAt]);

  /** A picture that finished loading grows the content: the bottom stays in view. */
  const keepAtBottom = useCallback(() => {
    const element = scroller.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, []);

  const keepPlace = useCallback(() => {
    const element = scroller.current;
    if (element)
      restore.current = { scrollHeight: element.scrollHeight, scrollTop: element.scrollTop };
  }, []);

  const stickToBottom = useCallback(() => {
    stick.current = true;
  }, []);

  /** After the member scrolled: whether they are near the top (time for the older page). */
  const onScroll = (): boolean => {
    const element = scroller.current;
    if (!element) return false;
    stick.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < STICK_TO_BOTTOM_PX;
    return element.scrollTop < LOAD_OLDER_AT_PX;
  };

  return { scroller, onScroll, keepAtBottom, keepPlace, stickToBottom };
}
