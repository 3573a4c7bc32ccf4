import { useEffect, useRef } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router';
import { useUser } from '../../../api/user';
import { rememberLastChat } from '../model/last-chat';
import { MEMBER_CHAT_PATH, type ChatRouteState } from '../model/route-state';

/**
 * The conversation's place in the router. A gift chosen on the member's profile (route state)
 * goes out once, through `sendGift`, as the picker's would. Once the conversation exists,
 * /members/{id}/chat becomes /chats/{id} (the same view stays: ConversationPage), and /chats
 * opens it again next time (last-chat.ts).
 */
export function useConversationRoute(
  conversationId: number | null,
  profileId: number,
  sendGift: (gift: number) => void,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = useUser();
  /** A gift chosen on the member's profile, sent once the conversation is open. */
  const giftFromProfile = useRef((location.state as ChatRouteState | null)?.gift ?? null);
  const sendGiftRef = useRef(sendGift);
  sendGiftRef.current = sendGift;

  useEffect(() => {
    const gift = giftFromProfile.current;
    if (gift === null) return;
    giftFromProfile.current = null;
    sendGiftRef.current(gift);
  }, []);

  const onMemberRoute = matchPath(MEMBER_CHAT_PATH, location.pathname) !== null;
  const giftInState = (location.state as ChatRouteState | null)?.gift !== undefined;
  const userId = user?.id;
  useEffect(() => {
    if (conversationId !== null && userId !== undefined) rememberLastChat(userId, conversationId);
  }, [conversationId, userId]);
  useEffect(() => {
    if (onMemberRoute && conversationId !== null) {
      const state: ChatRouteState = { startedWith: profileId };
      void navigate(`/chats/${conversationId}`, { replace: true, state });
    } else if (giftInState) {
      // a reload must not send the profile's gift again
      void navigate(location.pathname + location.search, { replace: true, state: null });
    }
  }, [
    onMemberRoute,
    conversationId,
    giftInState,
    profileId,
    navigate,
    location.pathname,
    location.search,
  ]);
}
