import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  PROGRESS_BAR_DURATION_MS,
  PROGRESS_BAR_HIDE_DELAY_MS,
  PROGRESS_BAR_THROTTLE_MS,
} from '../config/constants';

type Phase = 'hidden' | 'running' | 'done';

/**
 * hidden -> (active for PROGRESS_BAR_THROTTLE_MS) -> running (creeps to ~90% over
 * PROGRESS_BAR_DURATION_MS) -> (inactive) -> done (100%, fades) -> after
 * PROGRESS_BAR_HIDE_DELAY_MS -> hidden. Short loads never show the bar.
 */
export function useProgressPhase(active: boolean): Phase {
  const [phase, setPhase] = useState<Phase>('hidden');
  useEffect(() => {
    if (active) {
      if (phase === 'running') return;
      const timer = setTimeout(
        () => setPhase('running'),
        phase === 'done' ? 0 : PROGRESS_BAR_THROTTLE_MS,
      );
      return () => clearTimeout(timer);
    }
    if (phase === 'running') {
      setPhase('done');
      return;
    }
    if (phase === 'done') {
      const timer = setTimeout(() => setPhase('hidden'), PROGRESS_BAR_HIDE_DELAY_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [active, phase]);
  return phase;
}

export function ProgressBar({ active }: { active: boolean }) {
  const { t } = useTranslation();
  const phase = useProgressPhase(active);
  if (phase === 'hidden') return null;
  return (
    <div
      className={`page-progress${phase === 'done' ? ' is-done' : ''}`}
      role="progressbar"
      aria-label={t('common.loading')}
      aria-busy={phase === 'running'}
      style={{ transitionDuration: `${PROGRESS_BAR_HIDE_DELAY_MS}ms` }}
    >
      <div
        className="page-progress__bar"
        style={{ animationDuration: `${PROGRESS_BAR_DURATION_MS}ms` }}
      />
    </div>
  );
}

/** Driven by router navigation, and by the first load of queries with meta.progress. */
export function RouterProgressBar() {
  const navigation = useNavigation();
  const firstLoads = useIsFetching({
    predicate: (query) => query.meta?.progress === true && query.state.data === undefined,
  });
  return <ProgressBar active={navigation.state !== 'idle' || firstLoads > 0} />;
}
