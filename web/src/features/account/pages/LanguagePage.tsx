import { useTranslation } from 'react-i18next';
import { useOfferedLanguages } from '../../../api/settings';
import { useChooseLanguage, useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import type { Language } from '../../../config/constants';
import { formatDate, formatMoney, formatNumber, languageName } from '../../../i18n/format';
import './language.scss';

/** An example of the page language's formats (a fixed moment, so it reads the same every day). */
const EXAMPLE_DATE = Date.UTC(2026, 11, 24, 19, 30);

/**
 * /lang-config: the languages the site offers (the setting languages_offered; nl only by
 * default) by their own names, the current one marked. Choosing one
 * switches the page at once and remembers it in the locale cookie; a member's account keeps it
 * too. Visitors may choose as well (the cookie only).
 */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  const { user } = useUser();
  const choose = useChooseLanguage();
  const current = i18n.language;
  const offered = useOfferedLanguages();
  usePageTitle(t('pages.langConfig'));

  return (
    <section className="container py-4 py-md-5" aria-labelledby="lang-title">
      <div className="row justify-content-center">
        <div className="col-lg-8 col-xl-7">
          <h1 id="lang-title" className="h2 section-title mb-2">
            {t('pages.langConfig')}
          </h1>
          <p className="text-body-secondary mb-4">{t('langConfig.intro')}</p>

          <div role="status" className="lang-config__status">
            {choose.isSuccess && (
              <div className="alert alert-success rounded-4 py-2">{t('langConfig.saved')}</div>
            )}
            {choose.isError && (
              <div className="alert alert-warning rounded-4 py-2">{t('langConfig.saveFailed')}</div>
            )}
          </div>

          <div className="card border-0 shadow-sm rounded-4 overflow-hidden">
            <ul className="list-group list-group-flush" aria-label={t('langConfig.listLabel')}>
              {offered.map((language) => (
                <li key={language} className="list-group-item p-0">
                  <LanguageOption
                    language={language}
                    selected={language === current}
                    busy={choose.isPending}
                    onChoose={() => choose.mutate(language)}
                  />
                </li>
              ))}
            </ul>
          </div>

          <p className="small text-body-secondary mt-3 mb-1">
            {t(user ? 'langConfig.memberNote' : 'langConfig.visitorNote')}
          </p>
          <p className="small text-body-secondary mb-0" data-testid="lang-example">
            {t('langConfig.example', {
              date: formatDate(EXAMPLE_DATE, { dateStyle: 'full', timeZone: 'UTC' }, current),
              number: formatNumber(1234.5, {}, current),
              money: formatMoney(2995, 'EUR', current),
            })}
          </p>
        </div>
      </div>
    </section>
  );
}

function LanguageOption({
  language,
  selected,
  busy,
  onChoose,
}: {
  language: Language;
  selected: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  const native = t(`languages.${language}`);
  const translated = languageName(language);
  return (
    <button
      type="button"
      className={`lang-option${selected ? ' lang-option--selected' : ''}`}
      aria-pressed={selected}
      disabled={busy && !selected}
      onClick={selected ? undefined : onChoose}
    >
      <span className="lang-option__code" aria-hidden="true">
        {language.toUpperCase()}
      </span>
      <span className="flex-grow-1 text-start">
        <span lang={language} className="d-block fw-semibold">
          {native}
        </span>
        {translated.toLowerCase() !== native.toLowerCase() && (
          <span className="d-block small text-body-secondary">{translated}</span>
        )}
      </span>
      {selected && (
        <span className="badge rounded-pill text-bg-primary">{t('langConfig.current')}</span>
      )}
    </button>
  );
}
