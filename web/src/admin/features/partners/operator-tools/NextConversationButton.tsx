import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAdminTranslation } from '../../../shared/i18n';
import { CLAIMED, conversationQueryOptions, inboxKey } from '../api/partners';
import { claimNextConversation } from '../api/operator-tools';

/**
 * "Next conversation": claims the longest-waiting conversation nobody holds (the operator's
 * earlier holds go back to the queue) and opens it; says so when none waits. In the inbox's
 * and the conversation's page header.
 */
export function NextConversationButton({ className = 'btn btn-primary btn-sm' }) {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [none, setNone] = useState(false);
  const next = useMutation({
    mutationFn: claimNextConversation,
    onSuccess: (data) => {
      // the inbox list only: the conversation just left is no longer the operator's
      void queryClient.invalidateQueries({ queryKey: inboxKey, exact: true });
      if (!data.conversation) {
        setNone(true);
        return;
      }
      setNone(false);
      const id = data.conversation.conversation_id;
      // the page opens with the conversation the claim answered (its hold already the operator's)
      queryClient.setQueryData(conversationQueryOptions(id).queryKey, {
        conversation: data.conversation,
      });
      void navigate(`/admin/inbox/${id}`, { state: CLAIMED });
    },
  });
  return (
    <div className="d-flex flex-column align-items-end gap-1">
      <button
        type="button"
        className={className}
        disabled={next.isPending}
        onClick={() => next.mutate()}
      >
        {t('operatorTools.next.button')} →
      </button>
      <span className="small text-body-secondary" role="status">
        {none ? t('operatorTools.next.none') : next.isError ? t('operatorTools.next.failed') : ''}
      </span>
    </div>
  );
}
