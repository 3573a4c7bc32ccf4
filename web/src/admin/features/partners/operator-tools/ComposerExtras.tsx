import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Gift, InboxConversation } from '@app/contract';
import { useKeyedCall } from '../../../../api/idempotency';
import { AdminError } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { inboxKey } from '../api/partners';
import {
  conversationLibraryQueryOptions,
  operatorGiftsQueryOptions,
  sendGift,
  sendLibraryPhoto,
} from '../api/operator-tools';

type Choice = { kind: 'photo'; id: number } | { kind: 'gift'; id: number } | null;

/**
 * Under the reply composer: a photo of the chat partner's own library or a gift, sent as the
 * partner (free for the member). One choice at a time, sent with its own button and one
 * Idempotency-Key per intended send (a retry repeats it). While the member's question whether a
 * real person writes is unanswered, both wait for the honest answer (the server refuses them too).
 */
export function ComposerExtras({ conversation: c }: { conversation: InboxConversation }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const library = useQuery(conversationLibraryQueryOptions(c.conversation_id));
  const gifts = useQuery(operatorGiftsQueryOptions());
  const [choice, setChoice] = useState<Choice>(null);
  const [sentNote, setSentNote] = useState('');
  // one key per intended send: the same choice again after a failure repeats it
  const sendChoice = useKeyedCall((chosen: NonNullable<Choice>, key: string) =>
    chosen.kind === 'photo'
      ? sendLibraryPhoto(c.conversation_id, chosen.id, key)
      : sendGift(c.conversation_id, chosen.id, key),
  );
  const send = useMutation({
    mutationFn: sendChoice,
    onSuccess: (_data, chosen) => {
      setChoice(null);
      setSentNote(
        chosen.kind === 'photo' ? t('operatorTools.photo.sent') : t('operatorTools.gift.sent'),
      );
      void queryClient.invalidateQueries({ queryKey: inboxKey });
    },
  });
  const choose = (next: NonNullable<Choice>) => {
    setSentNote('');
    setChoice(next);
  };
  const blocked = c.asks_real;
  const photos = library.data?.photos ?? [];
  return (
    <section className="admin-composer-extras mt-3" aria-labelledby={`${id}-extras`}>
      <h3 className="h6 mb-2" id={`${id}-extras`}>
        {t('operatorTools.title', { name: c.partner.name })}
      </h3>
      {blocked && (
        <p className="small fw-semibold text-danger-emphasis mb-2">
          ⚠️ {t('operatorTools.honestFirst')}
        </p>
      )}
      <fieldset disabled={blocked || send.isPending} className="mb-2">
        <legend className="form-label small fw-semibold">
          📷 {t('operatorTools.photo.legend', { name: c.partner.name })}
        </legend>
        {library.isError ? (
          <AdminError error={library.error} onRetry={() => void library.refetch()} />
        ) : library.isPending ? null : photos.length === 0 ? (
          <p className="small text-body-secondary mb-0">{t('operatorTools.photo.none')}</p>
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {photos.map((photo, index) => {
              const chosen = choice?.kind === 'photo' && choice.id === photo.id;
              return (
                <li key={photo.id}>
                  <button
                    type="button"
                    className={`btn p-0 border border-3 ${chosen ? 'border-primary' : 'border-secondary-subtle'}`}
                    aria-pressed={chosen}
                    aria-label={t('operatorTools.photo.choose', { n: index + 1 })}
                    onClick={() => choose({ kind: 'photo', id: photo.id })}
                  >
                    <img
                      src={photo.thumb_url}
                      alt=""
                      width={72}
                      height={72}
                      className="rounded object-fit-cover d-block"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <fieldset disabled={blocked || send.isPending} className="mb-2">
        <legend className="form-label small fw-semibold">
          🎁 {t('operatorTools.gift.legend', { name: c.partner.name })}
        </legend>
        {gifts.isError ? (
          <AdminError error={gifts.error} onRetry={() => void gifts.refetch()} />
        ) : (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {(gifts.data?.gifts ?? []).map((gift) => {
              const chosen = choice?.kind === 'gift' && choice.id === gift.id;
              return (
                <li key={gift.id}>
                  <button
                    type="button"
                    className={`btn btn-sm ${chosen ? 'btn-primary' : 'btn-outline-secondary'} d-flex align-items-center gap-1`}
                    aria-pressed={chosen}
                    onClick={() => choose({ kind: 'gift', id: gift.id })}
                  >
                    <img src={gift.image} alt="" width={24} height={24} />
                    <GiftName gift={gift} />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <p className="small text-body-secondary mb-0 mt-1">{t('operatorTools.gift.free')}</p>
      </fieldset>
      {send.isError && <AdminError error={send.error} />}
      <div className="d-flex flex-wrap align-items-center gap-2">
        <button
          type="button"
          className="btn btn-outline-primary"
          disabled={blocked || send.isPending || choice === null}
          onClick={() => choice && send.mutate(choice)}
        >
          {choice?.kind === 'gift'
            ? t('operatorTools.gift.send', { name: c.partner.name })
            : t('operatorTools.photo.send', { name: c.partner.name })}
        </button>
        <span className="small text-success-emphasis" role="status">
          {sentNote}
        </span>
      </div>
    </section>
  );
}

/** A gift's name: its own in the console's language, else the site's text, else its slug. */
function GiftName({ gift }: { gift: Gift }) {
  const { t, i18n } = useTranslation();
  const own = gift.names?.[i18n.language] ?? gift.names?.nl;
  return <span>{own ?? t(`chat.gifts.${gift.slug}`, { defaultValue: gift.slug })}</span>;
}
