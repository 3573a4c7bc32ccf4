import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PHOTO_REJECT_REASONS,
  type ChatPhotoQueueEntry,
  type PhotoRejectReason,
} from '@app/contract';
import {
  AdminEmpty,
  AdminError,
  AdminField,
  AdminLoading,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { formatDate } from '../../../../i18n/format';
import { chatPhotosQueryOptions, decideChatPhoto } from '../api/inspection';
import { ScreeningPanel } from './ScreeningPanel';

/**
 * The flagged chat photos, below the photo desk: each with the pre-screening's risk and scores,
 * who sent it to whom, and keep or remove (a reason of the photo list and the explanation the
 * sender reads). Chat photos are delivered already; only flagged ones are listed.
 */
export function ChatPhotoDesk() {
  const { t } = useAdminTranslation();
  const query = useQuery(chatPhotosQueryOptions());
  return (
    <section className="mt-4" aria-labelledby="chat-photos-title">
      <h2 className="h5" id="chat-photos-title">
        {t('inspection.chatTitle')}
        {query.data && (
          <span className="badge text-bg-secondary ms-2">{query.data.stats.waiting}</span>
        )}
      </h2>
      <p className="small text-body-secondary">{t('inspection.chatIntro')}</p>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.photos.length === 0 ? (
        <AdminEmpty>{t('inspection.chatEmpty')}</AdminEmpty>
      ) : (
        <div className="d-grid gap-3">
          {query.data.photos.map((photo) => (
            <ChatPhoto key={photo.message_id} photo={photo} />
          ))}
        </div>
      )}
    </section>
  );
}

function ChatPhoto({ photo }: { photo: ChatPhotoQueueEntry }) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();
  const [reason, setReason] = useState<PhotoRejectReason>('nudity');
  const [explanation, setExplanation] = useState('');
  const decide = useMutation({
    mutationFn: (action: 'keep' | 'remove') =>
      decideChatPhoto(
        photo.message_id,
        action === 'keep' ? { action } : { action, reason, explanation },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: chatPhotosQueryOptions().queryKey }),
  });
  const who = (member: ChatPhotoQueueEntry['sender']) =>
    member.name === null
      ? t('inspection.chatGone')
      : t('inspection.chatMember', { name: member.name, id: member.profile_id });
  const title = t('inspection.chatPhotoOf', {
    sender: who(photo.sender),
    recipient: who(photo.recipient),
  });
  const remove = (event: FormEvent) => {
    event.preventDefault();
    decide.mutate('remove');
  };
  return (
    <article className="card border-0 shadow-sm" aria-label={title} data-testid="chat-photo">
      <div className="card-body">
        <h3 className="h6">{title}</h3>
        <p className="small text-body-secondary">
          {t('inspection.chatSent', {
            when: formatDate(photo.sent_at, { dateStyle: 'medium', timeStyle: 'short' }),
            conversation: photo.conversation_id,
          })}
        </p>
        <ScreeningPanel screening={photo.screening} />
        <figure className="inspection-photo mb-2">
          <img src={photo.image_url} alt={title} data-testid="chat-photo-image" />
        </figure>
        {decide.isError && (
          <p className="alert alert-warning small" role="alert">
            {decide.error.message}
          </p>
        )}
        <form className="row g-2 align-items-end" onSubmit={remove}>
          <div className="col-12 col-md-auto">
            <button
              type="button"
              className="btn btn-success"
              disabled={decide.isPending}
              onClick={() => decide.mutate('keep')}
            >
              {t('inspection.chatKeep')}
            </button>
          </div>
          <AdminSelect
            label={t('inspection.chatReason')}
            className="col-12 col-md-3"
            value={reason}
            options={PHOTO_REJECT_REASONS.map((r) => ({
              value: r,
              label: t(`inspection.photoReasons.${r}`),
            }))}
            onChange={(value) => setReason(value as PhotoRejectReason)}
          />
          <AdminField
            label={t('inspection.chatExplanation')}
            className="col-12 col-md-5"
            required
            minLength={3}
            maxLength={500}
            value={explanation}
            onChange={(e) => setExplanation(e.target.value)}
          />
          <div className="col-12 col-md-auto">
            <button type="submit" className="btn btn-outline-danger" disabled={decide.isPending}>
              {t('inspection.chatRemove')}
            </button>
          </div>
        </form>
      </div>
    </article>
  );
}
