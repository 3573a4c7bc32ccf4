import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoostStatusResponse } from '@app/contract';
import { ApiError } from '../../../api/client';
import { BOOST_FREE_EVERY_DAYS, BOOST_MINUTES } from '../../../config/constants';
import { useKeyedCall } from '../../../api/idempotency';
import { serverErrorText } from '../../../api/server-error';
import { setCachedCredits } from '../../../api/user';
import { LoadError } from '../../../components/LoadStates';
import { usePageTitle } from '../../../components/usePageTitle';
import { useFormat } from '../../../i18n/format';
import { boostQueryKey, buyBoost, useBoostStatus } from '../api/boost';
import { boostView, minutesLeft, type BoostView } from '../model/boost-view';

/** The time now, again every second while `active` (the running boost's minutes left). */
function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The running boost: minutes left and its end; at the end the status is read again. */
function Running({ endsAt, region }: { endsAt: string; region: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const now = useNow(true);
  const left = minutesLeft(endsAt, now);
  useEffect(() => {
    if (left === 0) void queryClient.invalidateQueries({ queryKey: boostQueryKey });
  }, [left, queryClient]);
  return (
    <div data-testid="boost-running">
      <p className="h4 mb-2">
        <span aria-hidden="true">🚀 </span>
        {t('boost.runningTitle')}
      </p>
      <p className="fs-5 fw-semibold mb-2" data-testid="boost-left">
        {t('boost.left', { count: left, time: format.time(endsAt) })}
      </p>
      <p className="text-body-secondary mb-0">
        {region ? t('boost.runningText', { region }) : t('boost.runningTextNoRegion')}
      </p>
    </div>
  );
}

/** What the member can do now: boost (free or paid), go to the shop, or fix their profile. */
function Offer({
  view,
  status,
  onBuy,
  busy,
}: {
  view: Exclude<BoostView, { kind: 'running' }>;
  status: BoostStatusResponse;
  onBuy: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  switch (view.kind) {
    case 'blocked':
      return (
        <div data-testid="boost-blocked">
          <p className="mb-3">{t(`boost.blocked.${view.blocker}`)}</p>
          <Link to="/profile" className="btn btn-outline-primary rounded-pill px-4">
            {t('boost.toProfile')}
          </Link>
        </div>
      );
    case 'free':
      return (
        <div>
          <p className="h5 mb-2">{t('boost.freeTitle')}</p>
          <p className="text-body-secondary mb-3">
            {t('boost.freeText', { minutes: minutesText(t, status.minutes) })}
          </p>
          <button
            type="button"
            className="btn btn-warning btn-lg rounded-pill px-4 fw-semibold"
            onClick={onBuy}
            disabled={busy}
          >
            {t('boost.buyFree')}
          </button>
        </div>
      );
    case 'buy':
      return (
        <div>
          <p className="mb-3">
            {t('boost.price', {
              price: creditsText(t, view.price),
              credits: creditsText(t, status.credits),
            })}
          </p>
          <button
            type="button"
            className="btn btn-primary btn-lg rounded-pill px-4 fw-semibold"
            onClick={onBuy}
            disabled={busy}
          >
            {t('boost.buy', { price: creditsText(t, view.price) })}
          </button>
        </div>
      );
    case 'short':
      return (
        <div data-testid="boost-short">
          <p className="mb-3">
            {t('boost.short', {
              price: creditsText(t, view.price),
              credits: status.credits,
              missing: view.missing,
            })}
          </p>
          <Link to="/credits" className="btn btn-primary btn-lg rounded-pill px-4 fw-semibold">
            {t('boost.toShop')}
          </Link>
        </div>
      );
  }
}

/** The premium line: the free weekly boost, when the next comes, or the way to premium. */
function PremiumNote({ status }: { status: BoostStatusResponse }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (!status.premium) {
    return (
      <p className="small text-body-secondary mb-0">
        {t('boost.premiumOffer', { count: BOOST_FREE_EVERY_DAYS })}{' '}
        <Link to="/premium">{t('boost.toPremium')}</Link>
      </p>
    );
  }
  if (status.next_free_at) {
    return (
      <p className="small text-body-secondary mb-0" data-testid="boost-next-free">
        {t('boost.nextFree', {
          date: format.date(status.next_free_at, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            hour: '2-digit',
            minute: '2-digit',
          }),
        })}
      </p>
    );
  }
  return null;
}

/**
 * "Boost" (/boost, members): a member buys a boost, first in their region's search results for
 * 30 minutes and marked "Boost" on their card, with credits (the live price) or, as a premium
 * member, the free one of the week. States: loading, the load failed, a boost running (minutes
 * left), what stands in the way (no region, not in search), free, paid, too few credits (to the
 * shop). One Idempotency-Key per intended boost until it succeeds: a press after a lost answer
 * buys once.
 */
export function BoostPage() {
  const { t } = useTranslation();
  usePageTitle(t('boost.title'));
  const queryClient = useQueryClient();
  const status = useBoostStatus();
  const purchase = useKeyedCall(buyBoost);
  const buy = useMutation({
    mutationFn: purchase,
    onSuccess: (answer) => {
      setCachedCredits(queryClient, answer.credits);
      queryClient.setQueryData(boostQueryKey, (old: BoostStatusResponse | undefined) =>
        old ? { ...old, boost: answer.boost, credits: answer.credits } : old,
      );
      void queryClient.invalidateQueries({ queryKey: boostQueryKey });
    },
    onError: (error) => {
      // what changed meanwhile (a boost bought in another tab, the balance): read it again
      if (error instanceof ApiError && error.status < 500) {
        void queryClient.invalidateQueries({ queryKey: boostQueryKey });
      }
    },
  });
  const data = status.data;
  const view = data ? boostView(data) : null;

  return (
    <section className="container py-4 py-md-5 boost-page" aria-labelledby="boost-title">
      <div className="boost-hero rounded-4 p-4 p-md-5 mb-4 text-white">
        <h1 id="boost-title" className="h2 fw-bold mb-2">
          <span aria-hidden="true">🚀 </span>
          {t('boost.title')}
        </h1>
        <p className="lead mb-0">
          {t('boost.lead', { minutes: minutesText(t, data?.minutes ?? BOOST_MINUTES) })}
        </p>
      </div>

      {status.isPending && (
        <div
          className="card border-0 shadow-sm rounded-4 p-4 placeholder-glow"
          aria-busy="true"
          aria-label={t('boost.loading')}
        >
          <span className="placeholder col-6 mb-3" />
          <span className="placeholder col-4 mb-3" />
          <span className="placeholder col-3 rounded-pill" />
        </div>
      )}

      {status.isError && !data && (
        <LoadError
          text={t('boost.error')}
          onRetry={() => void status.refetch()}
          busy={status.isFetching}
          className="card border-0 shadow-sm rounded-4 text-center py-5"
        />
      )}

      {data && view && (
        <div className="card border-0 shadow-sm rounded-4 p-4 mb-4">
          <div aria-live="polite">
            {view.kind === 'running' ? (
              <Running endsAt={view.endsAt} region={data.region} />
            ) : (
              <Offer
                view={view}
                status={data}
                onBuy={() => buy.mutate('boost')}
                busy={buy.isPending}
              />
            )}
          </div>
          {buy.isError && (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {serverErrorText(buy.error, t)}{' '}
              {buy.error instanceof ApiError && buy.error.code === 'insufficient_credits' && (
                <Link to="/credits" className="alert-link">
                  {t('boost.toShop')}
                </Link>
              )}
            </div>
          )}
          {(!data.premium || data.next_free_at) && (
            <>
              <hr className="my-4" />
              <PremiumNote status={data} />
            </>
          )}
        </div>
      )}

      <h2 className="h5 mb-3">{t('boost.howTitle')}</h2>
      <ul className="boost-how list-unstyled mb-0">
        {(['region', 'mark', 'one'] as const).map((item) => (
          <li key={item} className="d-flex gap-2 mb-2">
            <span className="text-success fw-bold" aria-hidden="true">
              ✓
            </span>
            <span>
              {t(`boost.how.${item}`, {
                minutes: minutesText(t, data?.minutes ?? BOOST_MINUTES),
                region: data?.region ?? t('boost.yourRegion'),
              })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** An amount of credits with its noun in the language's plural form ("1 credit", "50 credits"). */
function creditsText(t: TFunction, count: number): string {
  return t('credits.packages.credits', { count });
}

/** Minutes with their noun in the language's plural form. */
function minutesText(t: TFunction, count: number): string {
  return t('credits.timeBonus.minutes', { count });
}
