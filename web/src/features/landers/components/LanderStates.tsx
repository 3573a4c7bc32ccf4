import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { LanderMember, LandersResponse } from '@app/contract';
import { LoadError } from '../../../components/LoadStates';
import { SignupLink } from '../../../components/signup/SignupLink';
import { useLanderTranslation } from '../i18n';
import { MemberGrid } from './MemberTile';

/**
 * Placeholders in the shape of what the members will fill (no shift when they arrive): squares,
 * or (`tiles`) a photo with two lines under it.
 */
export function TileSkeleton({
  count,
  className,
  tiles = false,
}: {
  count: number;
  className: string;
  tiles?: boolean;
}) {
  const { t } = useLanderTranslation();
  return (
    <div className={className} aria-busy="true" aria-label={t('loading')}>
      {Array.from({ length: count }, (_, i) =>
        tiles ? (
          <span key={i} className="lander-tile">
            <span className="lander-skeleton lander-skeleton--photo" />
            <span className="lander-tile__body">
              <span className="lander-skeleton lander-skeleton--line" />
              <span className="lander-skeleton lander-skeleton--line w-50" />
            </span>
          </span>
        ) : (
          <span key={i} className="lander-skeleton" />
        ),
      )}
    </div>
  );
}

/**
 * The members of a lander once they are there: placeholders while they load, the error with a
 * retry, an invitation to be the first when there is nobody to show.
 */
export function WithMembers({
  query,
  skeleton,
  children,
}: {
  query: UseQueryResult<LandersResponse>;
  skeleton: ReactNode;
  children: (data: LandersResponse) => ReactNode;
}) {
  const { t } = useLanderTranslation();
  if (query.isPending) return <>{skeleton}</>;
  if (query.isError) {
    return (
      <LoadError
        text={t('error')}
        onRetry={() => void query.refetch()}
        busy={query.isFetching}
        className="lander-state text-center py-4"
      />
    );
  }
  if (query.data.members.length === 0 && !query.data.member) {
    return (
      <div className="lander-state text-center py-4">
        <p className="mb-3">{t('empty')}</p>
        <SignupLink className="btn btn-primary rounded-pill px-4">{t('cta')}</SignupLink>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** A lander's members as a grid of tiles, with the states of loading them. */
export function MembersSection({
  query,
  count,
  variant = 'four',
  priorityFirst = false,
  tileClassName,
  order,
}: {
  query: UseQueryResult<LandersResponse>;
  count: number;
  variant?: 'four' | 'gallery';
  priorityFirst?: boolean;
  tileClassName?: string;
  order?: (members: LanderMember[]) => LanderMember[];
}) {
  return (
    <WithMembers
      query={query}
      skeleton={
        <TileSkeleton count={count} className={`lander-grid lander-grid--${variant}`} tiles />
      }
    >
      {(data) => (
        <MemberGrid
          members={order ? order(data.members) : data.members}
          variant={variant}
          priorityFirst={priorityFirst}
          tileClassName={tileClassName}
        />
      )}
    </WithMembers>
  );
}
