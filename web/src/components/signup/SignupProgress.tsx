import { useTranslation } from 'react-i18next';

export const PROGRESS_STEPS = [
  'signup.progressChecking',
  'signup.progressCreating',
  'signup.progressMatches',
  'signup.progressMail',
] as const;

/** The four progress steps of a running signup; `done` of them are ticked off. */
export function SignupProgress({ done }: { done: number }) {
  const { t } = useTranslation();
  return (
    <div className="signup-progress py-2" aria-live="polite">
      <h3 className="h5 text-center mb-4">{t('signup.progressTitle')}</h3>
      <ol className="list-unstyled mb-0 mx-auto signup-progress__list">
        {PROGRESS_STEPS.map((key, index) => {
          const state = index < done ? 'done' : index === done ? 'active' : 'pending';
          return (
            <li
              key={key}
              className={`signup-progress__step signup-progress__step--${state} d-flex align-items-center gap-3 mb-3`}
              data-state={state}
            >
              <span className="signup-progress__icon" aria-hidden="true">
                {state === 'done' ? (
                  '✓'
                ) : state === 'active' ? (
                  <span className="spinner-border spinner-border-sm text-primary" />
                ) : (
                  ''
                )}
              </span>
              <span>{t(key)}</span>
              <span className="visually-hidden">{t(`signup.progressState.${state}`)}</span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
