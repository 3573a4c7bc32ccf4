import { defuseLinks, type PushPayload } from '@app/contract';
import { memberLanguage, translate } from '../i18n/i18n';
import type { NotifyEvent } from '../notifications';
import type { PushOptions } from './push-sender';

/** A push not delivered within a day is news no more (the site shows it anyway). */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * The push of an event, in the member's language: who wrote or liked (never the message's text:
 * a lock screen shows it; the name with any address in it defused, so no notification shows a
 * member's link), where a click goes, the notification's tag and the app badge; and
 * the push service's headers: one Topic per conversation (and one for likes), so a newer push
 * replaces one still waiting for the browser (RFC 8030 §5.4), as the tag replaces a shown one.
 */
export function pushOf(
  event: NotifyEvent,
  language: string,
  facts: { actorName: string; badge: number; anonymous?: boolean },
): { payload: PushPayload; options: PushOptions } {
  const lng = memberLanguage(language);
  const texts = (kind: NotifyEvent['kind']) => ({
    title: translate(lng, `push.${kind}_title`, { name: defuseLinks(facts.actorName) }),
    body: translate(lng, `push.${kind}_body`),
  });
  if (event.kind === 'visit') {
    // never the visitor's name: who it was is what premium members pay for (the page tells them)
    return {
      payload: {
        kind: 'visit',
        title: translate(lng, 'push.visit_title'),
        body: translate(lng, 'push.visit_body'),
        url: '/visitors',
        tag: 'visitors',
        badge: facts.badge,
      },
      options: { ttl: TTL_SECONDS, urgency: 'normal', topic: 'visitors' },
    };
  }
  if (event.kind === 'like' || event.conversationId === undefined) {
    // `anonymous`: a free member who may not see likers is told that someone liked them
    const like = facts.anonymous
      ? {
          title: translate(lng, 'push.like_anonymous_title'),
          body: translate(lng, 'push.like_body'),
        }
      : texts('like');
    return {
      payload: { kind: 'like', ...like, url: '/likes', tag: 'likes', badge: facts.badge },
      options: { ttl: TTL_SECONDS, urgency: 'normal', topic: 'likes' },
    };
  }
  const tag = `conv-${event.conversationId}`;
  return {
    payload: {
      kind: event.kind,
      ...texts(event.kind),
      url: `/chats/${event.conversationId}`,
      tag,
      badge: facts.badge,
      conversation_id: event.conversationId,
    },
    // a person wrote: high, as a messenger's pushes are
    options: { ttl: TTL_SECONDS, urgency: 'high', topic: tag },
  };
}
