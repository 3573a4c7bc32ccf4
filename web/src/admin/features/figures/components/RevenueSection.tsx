import type { FiguresDay, FiguresResponse } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { useFigureFormats } from '../hooks/useFigureFormats';
import { COLORS } from './chart-colors';
import type { ChartSeries } from './DayChart';
import { FigureSection } from './FigureSection';

/** The revenue in one currency: per day and payment method, its total and each method's. */
export function RevenueSection({
  figures,
  currency,
}: {
  figures: FiguresResponse;
  currency: string;
}) {
  const { t } = useAdminTranslation();
  const f = useFigureFormats();
  const money = f.money(currency);
  const lines = figures.totals.revenue.filter((line) => line.currency === currency);
  const methods = lines.map((line) => line.method);
  const cents = (day: FiguresDay, method: string) =>
    day.revenue.find((line) => line.currency === currency && line.method === method)
      ?.amount_cents ?? 0;
  const series: ChartSeries[] = methods.map((method, index) => ({
    key: method,
    name: t(`payment.methods.${method}`, { defaultValue: method }),
    color: COLORS[index % COLORS.length],
  }));
  const total = lines.reduce((sum, line) => sum + line.amount_cents, 0);
  const payments = lines.reduce((sum, line) => sum + line.payments, 0);
  return (
    <FigureSection
      title={t('figures.revenue.titleIn', { currency })}
      description={t('figures.revenue.description')}
      total={money(total)}
      totalLabel={t('figures.revenue.payments', { n: payments })}
      chart={{
        kind: 'bar',
        data: figures.days.map((day) => ({
          label: f.label(day.day),
          ...Object.fromEntries(methods.map((method) => [method, cents(day, method)])),
        })),
        series,
        format: money,
      }}
      columns={[t('figures.day'), ...series.map((s) => s.name), t('figures.revenue.dayTotal')]}
      rows={figures.days.map((day) => {
        const values = methods.map((method) => cents(day, method));
        return [
          f.longLabel(day.day),
          ...values.map(money),
          money(values.reduce((a, b) => a + b, 0)),
        ];
      })}
    >
      <ul className="list-inline small text-body-secondary mb-2">
        {lines.map((line) => (
          <li key={line.method} className="list-inline-item">
            {t(`payment.methods.${line.method}`, { defaultValue: line.method })}:{' '}
            {money(line.amount_cents)}
          </li>
        ))}
      </ul>
    </FigureSection>
  );
}
