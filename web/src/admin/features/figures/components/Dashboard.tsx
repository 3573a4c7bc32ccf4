import type { ReactNode } from 'react';
import type { FiguresResponse } from '@app/contract';
import { AdminEmpty } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { useFigureFormats } from '../hooks/useFigureFormats';
import { COLORS } from './chart-colors';
import { FigureSection, Stat } from './FigureSection';
import { RevenueSection } from './RevenueSection';

/**
 * The figures of a range: the chat queue now, then a section per figure (signups, activations,
 * first purchases, messages, revenue per currency, the queue's daily peak), then `children`.
 */
export function Dashboard({
  figures,
  children,
}: {
  figures: FiguresResponse;
  children?: ReactNode;
}) {
  const { t } = useAdminTranslation();
  const f = useFigureFormats();
  const { totals, queue } = figures;
  const quiet =
    totals.signups + totals.activations + totals.first_purchases + totals.messages === 0 &&
    totals.revenue.length === 0;
  const counted = (key: 'signups' | 'activations' | 'first_purchases' | 'messages') => ({
    total: f.count(totals[key]),
    chart: {
      kind: 'bar' as const,
      data: figures.days.map((day) => ({ label: f.label(day.day), value: day[key] })),
      series: [{ key: 'value', name: t(`figures.${key}.title`), color: COLORS[0] }],
      format: f.count,
    },
    rows: figures.days.map((day) => [f.longLabel(day.day), f.count(day[key])]),
  });
  const currencies = [...new Set(totals.revenue.map((line) => line.currency))];
  return (
    <>
      <section className="card mb-3" aria-labelledby="figures-queue">
        <div className="card-body d-flex flex-wrap gap-3 align-items-center">
          <h2 className="h5 mb-0 me-auto" id="figures-queue">
            {t('figures.queue.title')}
          </h2>
          <div className="d-flex gap-4 ms-auto">
            <Stat value={f.count(queue.waiting)} label={t('figures.queue.waiting')} />
            <Stat value={f.wait(queue.oldest_wait_seconds)} label={t('figures.queue.oldest')} />
          </div>
        </div>
      </section>
      {quiet && <AdminEmpty>{t('figures.none')}</AdminEmpty>}
      <div className="row row-cols-1 row-cols-xl-2 g-3">
        {(['signups', 'activations', 'first_purchases', 'messages'] as const).map((key) => {
          const section = counted(key);
          return (
            <FigureSection
              key={key}
              title={t(`figures.${key}.title`)}
              description={t(`figures.${key}.description`)}
              total={section.total}
              totalLabel={t('figures.total', { count: figures.range })}
              chart={section.chart}
              columns={[t('figures.day'), t(`figures.${key}.title`)]}
              rows={section.rows}
            />
          );
        })}
        {currencies.length === 0 ? (
          <FigureSection
            title={t('figures.revenue.title')}
            description={t('figures.revenue.description')}
            total={f.money('EUR')(0)}
            totalLabel={t('figures.total', { count: figures.range })}
            chart={null}
            columns={[]}
            rows={[]}
          >
            <p className="text-body-secondary mb-0">{t('figures.revenue.none')}</p>
          </FigureSection>
        ) : (
          currencies.map((currency) => (
            <RevenueSection key={currency} figures={figures} currency={currency} />
          ))
        )}
        <FigureSection
          title={t('figures.queuePeak.title')}
          description={t('figures.queuePeak.description')}
          total={f.count(queue.waiting)}
          totalLabel={t('figures.queue.waiting')}
          chart={{
            kind: 'line',
            data: figures.days.map((day) => ({
              label: f.label(day.day),
              value: day.queue_peak,
            })),
            series: [{ key: 'value', name: t('figures.queuePeak.title'), color: COLORS[1] }],
            format: f.count,
          }}
          columns={[t('figures.day'), t('figures.queuePeak.title'), t('figures.queue.oldest')]}
          rows={figures.days.map((day) => [
            f.longLabel(day.day),
            day.queue_peak === null ? '–' : f.count(day.queue_peak),
            f.wait(day.oldest_wait_peak_seconds),
          ])}
        />
        {children}
      </div>
    </>
  );
}
