import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, ChatResponse, GiftsResponse } from '@app/contract';
import { ApiError } from '../../../api/client';
import { chatsQueryKey } from '../../../api/chats';
import { usePendingKey } from '../../../api/idempotency';
import { serverErrorText } from '../../../api/server-error';
import type { ConversationTarget } from '../api/chat';
import { isRetryable, sendMessage, sendPhoto, useApplyCredits } from '../api/send-message';
import type { SendPayload } from '../model/messages';

/** Why a send was refused, as a modal: too few credits, or a free member's third conversation. */
export type SendRefusal = 'credits' | 'premium';

export interface SendCallbacks {
  /** The server stored the message (its answer), sent for this payload. */
  onSent: (message: ChatMessage, payload: SendPayload) => void;
  onRefused: (refusal: SendRefusal) => void;
}

/**
 * Sending in a conversation: each message gets one Idempotency-Key, kept until it is stored
 * (usePendingKey), so the retry after a network or server error is the same message, charged
 * once. The answer's balance goes into the user query. `insufficient_credits` and
 * `premium_only` (or `can_start` false before sending) are refusals the page shows as modals
 * (with what the refused message would have cost); any other error is shown inline.
 */
export function useSendMessage(
  initial: ChatResponse,
  conversationId: number | null,
  { onSent, onRefused }: SendCallbacks,
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const applyCredits = useApplyCredits();
  // one key per message until it is stored: a retry of the same message is paid once
  const sendKeys = usePendingKey<SendPayload>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<{ text: string; retry: SendPayload | null } | null>(null);
  const [creditsNeeded, setCreditsNeeded] = useState<number | undefined>();
  const [refusedGift, setRefusedGift] = useState(false);

  const send = async (payload: SendPayload) => {
    if (sending) return;
    if (conversationId === null && !initial.can_start) {
      onRefused('premium');
      return;
    }
    const key = sendKeys.keyFor(payload);
    const to: ConversationTarget =
      conversationId !== null ? { conversation: conversationId } : { member: initial.profile.id };
    setSending(true);
    setError(null);
    try {
      const answer =
        payload.type === 'photo'
          ? await sendPhoto(to, payload.file, key)
          : await sendMessage(
              payload.type === 'text'
                ? { type: 'text', ...to, text: payload.text }
                : { type: 'gift', ...to, gift: payload.gift },
              key,
            );
      sendKeys.succeeded(key);
      applyCredits(answer.credits);
      onSent(answer.message, payload);
      void queryClient.invalidateQueries({ queryKey: chatsQueryKey });
    } catch (failure) {
      const code = failure instanceof ApiError ? failure.code : '';
      if (code === 'insufficient_credits') {
        setRefusedGift(payload.type === 'gift');
        setCreditsNeeded(
          payload.type === 'text'
            ? initial.costs.text
            : payload.type === 'photo'
              ? initial.costs.photo
              : queryClient
                  .getQueryData<GiftsResponse>(['gifts'])
                  ?.gifts.find((gift) => gift.id === payload.gift)?.credits,
        );
        onRefused('credits');
      } else if (code === 'premium_only') {
        onRefused('premium');
      } else if (isRetryable(failure)) {
        setError({ text: t('chat.errors.network'), retry: payload });
      } else {
        setError({ text: serverErrorText(failure, t), retry: null });
      }
    } finally {
      setSending(false);
    }
  };

  return {
    send,
    sending,
    /** The inline error, and the payload a retry sends again (null: not worth retrying). */
    error,
    dismissError: () => setError(null),
    creditsNeeded,
    refusedGift,
  };
}
