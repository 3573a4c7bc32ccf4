import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { firstSearchGender } from '../../../components/signup/seeking';

type Answers = { age: '18-35' | '35+'; appearance: 'normal' | 'sexy'; race: 'white' | 'other' };

const QUESTIONS = {
  age: ['18-35', '35+'],
  appearance: ['normal', 'sexy'],
  race: ['white', 'other'],
} as const;

const ICONS: Record<string, string> = {
  '18-35': '🌱',
  '35+': '🍷',
  normal: '🙂',
  sexy: '🔥',
  white: '🌍',
  other: '🌏',
};

/**
 * The match-finder (/match-finder; SPEC point 2): three choices that lead to a search.
 * Age: 18-35 or 35 and older. Appearance: "sexy" asks for members who show a photo, "normal"
 * for everyone; we hold no attractiveness rating. Race: asked because the spec has it, but we
 * store no ethnic origin (special category data, GDPR art. 9), so it does not filter: the page
 * says so plainly. Gender: the one the member seeks (a visitor: the one chosen at signup's first
 * step; everyone when nothing is known).
 */
export function MatchFinderPage() {
  const { t } = useTranslation();
  usePageTitle(t('matchFinder.title'));
  const navigate = useNavigate();
  const { user } = useUser();
  const [answers, setAnswers] = useState<Answers>({
    age: '18-35',
    appearance: 'normal',
    race: 'white',
  });
  const name = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    const gender = firstSearchGender(user);
    if (gender) params.set('gender', gender);
    if (user?.profile?.country) params.set('country', user.profile.country);
    if (answers.age === '18-35') {
      params.set('min_age', '18');
      params.set('max_age', '35');
    } else {
      params.set('min_age', '35');
    }
    if (answers.appearance === 'sexy') params.set('with_photo', '1');
    void navigate(`/members?${params.toString()}`);
  };

  return (
    <div className="container py-4 match-finder">
      <h1 className="h3">{t('matchFinder.title')}</h1>
      <p className="text-body-secondary">{t('matchFinder.intro')}</p>
      <form className="card border-0 shadow-sm rounded-4" onSubmit={submit}>
        <div className="card-body p-3 p-md-4 d-grid gap-4">
          {(Object.keys(QUESTIONS) as (keyof Answers)[]).map((question) => (
            <fieldset key={question}>
              <legend className="h6">{t(`matchFinder.${question}.question`)}</legend>
              <div className="match-finder__choices">
                {QUESTIONS[question].map((value) => {
                  const id = `${name}-${question}-${value}`;
                  return (
                    <div key={value}>
                      <input
                        type="radio"
                        className="visually-hidden"
                        id={id}
                        name={`${name}-${question}`}
                        value={value}
                        checked={answers[question] === value}
                        onChange={() => setAnswers((a) => ({ ...a, [question]: value }))}
                      />
                      <label className="match-finder__choice w-100" htmlFor={id}>
                        <span className="match-finder__icon" aria-hidden="true">
                          {ICONS[value]}
                        </span>
                        {t(`matchFinder.${question}.${value}`)}
                      </label>
                    </div>
                  );
                })}
              </div>
              {question === 'race' && (
                <p className="small text-body-secondary mt-2 mb-0">{t('matchFinder.raceNote')}</p>
              )}
              {question === 'appearance' && (
                <p className="small text-body-secondary mt-2 mb-0">
                  {t('matchFinder.appearanceNote')}
                </p>
              )}
            </fieldset>
          ))}
          <button type="submit" className="btn btn-primary btn-lg rounded-pill">
            {t('matchFinder.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
