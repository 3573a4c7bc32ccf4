import { useTranslation } from 'react-i18next';
import { useFavouriteMutation, useFavourites } from '../../api/favourites';

/**
 * The star that keeps a member in the viewer's private favourites: filled when they are one.
 * A click changes it at once; when the server refuses, it turns back and says so.
 */
export function FavouriteStar({
  member,
  name,
  className = '',
}: {
  /** The member's profile id. */
  member: number;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const favourites = useFavourites();
  const mutation = useFavouriteMutation();
  const on = favourites.data?.ids.includes(member) ?? false;
  const label = on ? t('favourites.remove', { name }) : t('favourites.add', { name });
  return (
    <span className={`favourite-star ${className}`}>
      <button
        type="button"
        className={`btn favourite-star__button${on ? ' favourite-star__button--on' : ''}`}
        aria-pressed={on}
        aria-label={label}
        title={label}
        data-testid="favourite-star"
        disabled={!favourites.data}
        onClick={() => mutation.mutate({ member, favourite: !on })}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {mutation.isError && (
        <span className="visually-hidden" role="status">
          {t('favourites.failed')}
        </span>
      )}
    </span>
  );
}
