import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, LoadError } from '../../../components/LoadStates';
import { useBlockMutation, useBlocks } from '../../../api/blocks';
import { serverErrorText } from '../../../api/server-error';
import { BlockConfirmModal } from '../../members';
import { formatDate } from '../../../i18n/format';

interface Target {
  id: number;
  name: string;
}

/**
 * "Geblokkeerde leden" in the settings: the members the viewer blocked (newest first), each with
 * the date, a link to the profile and an unblock button that asks for confirmation first.
 */
export function BlockedMembers() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const blocks = useBlocks();
  const unblock = useBlockMutation();
  const [target, setTarget] = useState<Target | null>(null);
  const [unblocked, setUnblocked] = useState<string | null>(null);
  const resetUnblock = unblock.reset;
  const close = useCallback(() => {
    setTarget(null);
    resetUnblock();
  }, [resetUnblock]);

  const confirm = () => {
    if (!target) return;
    unblock.mutate(
      { member: target.id, block: false },
      {
        onSuccess: () => {
          setUnblocked(target.name);
          setTarget(null);
        },
      },
    );
  };

  return (
    <section
      className="card border-0 shadow-sm rounded-4 h-100 blocked-members"
      id="blocks"
      aria-labelledby={headingId}
    >
      <div className="card-body p-4">
        <h2 className="h5 mb-2" id={headingId}>
          {t('blocks.title')}
        </h2>
        <p className="text-body-secondary small">{t('blocks.intro')}</p>
        {unblocked && (
          <div className="alert alert-success py-2" role="status">
            {t('blocks.unblocked', { name: unblocked })}
          </div>
        )}

        {blocks.isPending && <ListSkeleton label={t('blocks.loading')} rows={3} />}

        {blocks.isError && (
          <LoadError
            text={t('blocks.error')}
            onRetry={() => void blocks.refetch()}
            busy={blocks.isFetching}
          />
        )}

        {blocks.data?.length === 0 && (
          <div className="blocked-members__empty text-center py-3">
            <div className="fs-2 mb-1" aria-hidden="true">
              🕊️
            </div>
            <p className="text-body-secondary mb-0">{t('blocks.empty')}</p>
          </div>
        )}

        {blocks.data && blocks.data.length > 0 && (
          <ul className="list-unstyled mb-0 blocked-members__list">
            {blocks.data.map((member) => (
              <li
                key={member.id}
                className="blocked-members__item d-flex align-items-center gap-3 py-2"
              >
                <span className="blocked-members__initial" aria-hidden="true">
                  {member.name.slice(0, 1).toUpperCase()}
                </span>
                <div className="flex-grow-1 min-w-0">
                  <Link
                    to={`/members/${member.id}`}
                    className="fw-semibold text-break"
                    aria-label={t('blocks.viewProfile', { name: member.name })}
                  >
                    {member.name}
                  </Link>
                  <div className="small text-body-secondary">
                    {t('blocks.blockedAt', {
                      date: formatDate(member.blocked_at, { dateStyle: 'long' }, i18n.language),
                    })}
                  </div>
                </div>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary rounded-pill px-3 flex-none"
                  onClick={() => {
                    setUnblocked(null);
                    setTarget({ id: member.id, name: member.name });
                  }}
                  aria-label={t('blocks.unblockLabel', { name: member.name })}
                >
                  {t('blocks.unblock')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <BlockConfirmModal
        open={target !== null}
        name={target?.name ?? ''}
        block={false}
        busy={unblock.isPending}
        error={unblock.isError ? serverErrorText(unblock.error, t) : null}
        onConfirm={confirm}
        onClose={close}
      />
    </section>
  );
}
