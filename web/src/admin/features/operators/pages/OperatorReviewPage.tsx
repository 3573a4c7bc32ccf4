import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ReviewedReply } from '@app/contract';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { operatorReviewQueryOptions, reviewRangeOf } from '../api/operators';
import { useReviewFormats } from './formats';
import { RangeNav } from './RangeNav';

/**
 * Admins: one operator over a chosen period: answered conversations, replies, reply times, and a
 * random sample of their replies, each beside the member's message it answered (reading it is
 * audited); "another sample" draws again.
 */
export function OperatorReviewPage() {
  const { t } = useAdminTranslation();
  const f = useReviewFormats();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const range = reviewRangeOf(params.get('days'));
  const query = useQuery(operatorReviewQueryOptions(id, range));
  const figures = query.data?.figures;
  return (
    <AdminPage
      title={
        figures
          ? t('operators.review.title', { name: figures.operator.name })
          : t('operators.title')
      }
      intro={t('operators.review.intro')}
      actions={
        <Link to={`/admin/operators?days=${range}`} className="btn btn-outline-secondary btn-sm">
          ← {t('operators.back')}
        </Link>
      }
    >
      <RangeNav range={range} />
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <ul className="list-unstyled row row-cols-2 row-cols-md-3 row-cols-xl-6 g-2 admin-operator-figures">
            {[
              [t('operators.columns.answered'), f.count(query.data.figures.answered_conversations)],
              [t('operators.columns.replies'), f.count(query.data.figures.replies)],
              [t('operators.columns.photos'), f.count(query.data.figures.photos)],
              [t('operators.columns.gifts'), f.count(query.data.figures.gifts)],
              [t('operators.columns.median'), f.duration(query.data.figures.median_seconds)],
              [t('operators.columns.p90'), f.duration(query.data.figures.p90_seconds)],
            ].map(([label, value]) => (
              <li key={label} className="col">
                <div className="card card-body py-2 h-100">
                  <span className="small text-body-secondary">{label}</span>
                  <strong className="h5 mb-0">{value}</strong>
                </div>
              </li>
            ))}
          </ul>
          <section aria-labelledby="operator-sample" className="mt-4">
            <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
              <h2 className="h5 mb-0 me-auto" id="operator-sample">
                {t('operators.review.sample')}
              </h2>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                disabled={query.isFetching}
                onClick={() => void query.refetch()}
              >
                {t('operators.review.again')}
              </button>
            </div>
            {query.data.sample.length === 0 ? (
              <AdminEmpty>{t('operators.review.none')}</AdminEmpty>
            ) : (
              <ol className="list-unstyled d-flex flex-column gap-2">
                {query.data.sample.map((reply) => (
                  <SampledReply key={reply.message_id} reply={reply} />
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </AdminPage>
  );
}

function SampledReply({ reply }: { reply: ReviewedReply }) {
  const { t } = useAdminTranslation();
  const f = useReviewFormats();
  return (
    <li className="card card-body py-2">
      <p className="small text-body-secondary mb-1">
        {f.when(reply.at)} ·{' '}
        {t('operators.review.pair', {
          partner: reply.partner?.name ?? '—',
          member: reply.member?.name ?? '—',
        })}{' '}
        <span className="badge text-bg-warning">{t('operators.review.fictional')}</span>
        {reply.waited_seconds !== null &&
          ` · ${t('operators.review.waited', { time: f.duration(reply.waited_seconds) })}`}
      </p>
      <blockquote className="border-start border-3 ps-2 mb-1 small text-break">
        <span className="visually-hidden">{t('operators.review.question')}: </span>
        {reply.in_reply_to ?? t('operators.review.noQuestion')}
      </blockquote>
      <p className="mb-0 text-break">
        <span className="visually-hidden">{t('operators.review.answer')}: </span>
        <ReplyContent reply={reply} />
      </p>
    </li>
  );
}

function ReplyContent({ reply }: { reply: ReviewedReply }) {
  const { t } = useAdminTranslation();
  const { t: site } = useTranslation();
  if (reply.type === 'photo') return <>📷 {t('operators.review.photo')}</>;
  if (reply.type === 'gift') {
    const name = reply.gift
      ? site(`chat.gifts.${reply.gift.slug}`, { defaultValue: reply.gift.slug })
      : '—';
    return <>🎁 {t('operators.review.gift', { name })}</>;
  }
  return <>{reply.text ?? t('operators.review.erased')}</>;
}
