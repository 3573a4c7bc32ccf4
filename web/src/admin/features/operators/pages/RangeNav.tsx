import { Link } from 'react-router';
import { OPERATOR_REVIEW_RANGES } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import type { ReviewRange } from '../api/operators';

/** The period chosen (1, 7, 30 or 90 days), kept in the address's `days`. */
export function RangeNav({ range }: { range: ReviewRange }) {
  const { t } = useAdminTranslation();
  return (
    <nav aria-label={t('operators.range')} className="mb-3">
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
        {OPERATOR_REVIEW_RANGES.map((option) => (
          <li key={option}>
            <Link
              to={{ search: `?days=${option}` }}
              className={`btn btn-sm ${option === range ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-current={option === range ? 'page' : undefined}
            >
              {t('operators.days', { count: option })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
