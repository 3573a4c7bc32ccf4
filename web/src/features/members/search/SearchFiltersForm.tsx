import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN, SEARCH_DISTANCES_KM } from '@app/contract';
import { useCountryRegions } from '../../../api/regions';
import { useSettings } from '../../../api/settings';
import type { SearchFilters } from '../api/search';

const AGES = Array.from(
  { length: SEARCH_AGE_MAX - SEARCH_AGE_MIN + 1 },
  (_, i) => SEARCH_AGE_MIN + i,
);

/**
 * The search filters (SPEC point 3 search state: gender, country, countryregion, min_age,
 * max_age, those of them the setting search_fields offers; and with photo, online now, distance
 * for members). Applying writes them to the URL,
 * so the search survives navigation and a reload; clearing empties filters and results.
 */
export function SearchFiltersForm({
  initial,
  member,
  onApply,
  onClear,
}: {
  initial: SearchFilters;
  member: boolean;
  onApply: (filters: SearchFilters) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [values, setValues] = useState<SearchFilters>(initial);
  const regions = useCountryRegions(values.country ?? '');
  const ids = {
    gender: useId(),
    country: useId(),
    region: useId(),
    min: useId(),
    max: useId(),
    distance: useId(),
  };
  // search_fields: the fields the site offers (an admin's choice in the console)
  const offered = (field: string) => settings.search_fields.includes(field);
  const set = (change: Partial<SearchFilters>) => setValues((v) => ({ ...v, ...change }));
  const label =
    regions.data?.region_label ?? settings.region_data[values.country ?? '']?.label ?? 'region';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(values);
  };
  const ageTooHigh =
    !!values.min_age && !!values.max_age && Number(values.min_age) > Number(values.max_age);

  return (
    <form
      className="search-filters card border-0 shadow-sm rounded-4"
      onSubmit={submit}
      aria-label={t('search.filtersTitle')}
    >
      <div className="card-body p-3 p-md-4">
        <div className="row g-3">
          {offered('gender') && (
            <div className="col-6 col-lg-3">
              <label className="form-label small fw-semibold" htmlFor={ids.gender}>
                {t('search.gender')}
              </label>
              <select
                id={ids.gender}
                className="form-select"
                value={values.gender ?? ''}
                onChange={(e) =>
                  set({ gender: (e.target.value || undefined) as SearchFilters['gender'] })
                }
              >
                <option value="">{t('search.anyone')}</option>
                <option value="female">{t('search.women')}</option>
                <option value="male">{t('search.men')}</option>
              </select>
            </div>
          )}
          {offered('country') && (
            <div className="col-6 col-lg-3">
              <label className="form-label small fw-semibold" htmlFor={ids.country}>
                {t('search.country')}
              </label>
              <select
                id={ids.country}
                className="form-select"
                value={values.country ?? ''}
                onChange={(e) =>
                  set({ country: e.target.value || undefined, countryregion: undefined })
                }
              >
                <option value="">{t('search.anyCountry')}</option>
                {settings.countries.map((c) => (
                  <option key={c.code} value={c.code}>
                    {t(`countries.${c.code}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          {offered('country') && offered('countryregion') && (
            <div className="col-12 col-lg-3">
              <label className="form-label small fw-semibold" htmlFor={ids.region}>
                {t(`regionLabels.${label}`)}
              </label>
              <select
                id={ids.region}
                className="form-select"
                value={values.countryregion ?? ''}
                disabled={!values.country || regions.isPending}
                onChange={(e) => set({ countryregion: e.target.value || undefined })}
              >
                <option value="">
                  {values.country ? t('search.anyRegion') : t('search.chooseCountryFirst')}
                </option>
                {regions.data?.regions.map((r) => (
                  <option key={r.id} value={String(r.id)}>
                    {r.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          {(offered('min_age') || offered('max_age')) && (
            <div className="col-12 col-lg-3">
              <fieldset>
                <legend className="form-label small fw-semibold mb-2">{t('search.age')}</legend>
                <div className="d-flex align-items-center gap-2">
                  {offered('min_age') && (
                    <>
                      <label className="visually-hidden" htmlFor={ids.min}>
                        {t('search.minAge')}
                      </label>
                      <select
                        id={ids.min}
                        className="form-select"
                        value={values.min_age ?? ''}
                        onChange={(e) => set({ min_age: e.target.value || undefined })}
                      >
                        <option value="">{SEARCH_AGE_MIN}</option>
                        {AGES.map((age) => (
                          <option key={age} value={String(age)}>
                            {age}
                          </option>
                        ))}
                      </select>
                      {offered('max_age') && <span aria-hidden="true">–</span>}
                    </>
                  )}
                  {offered('max_age') && (
                    <>
                      <label className="visually-hidden" htmlFor={ids.max}>
                        {t('search.maxAge')}
                      </label>
                      <select
                        id={ids.max}
                        className={`form-select${ageTooHigh ? ' is-invalid' : ''}`}
                        value={values.max_age ?? ''}
                        onChange={(e) => set({ max_age: e.target.value || undefined })}
                        aria-invalid={ageTooHigh || undefined}
                      >
                        <option value="">{`${SEARCH_AGE_MAX}+`}</option>
                        {AGES.map((age) => (
                          <option key={age} value={String(age)}>
                            {age}
                          </option>
                        ))}
                      </select>
                    </>
                  )}
                </div>
                {ageTooHigh && <div className="small text-danger mt-1">{t('search.ageOrder')}</div>}
              </fieldset>
            </div>
          )}
          <div className="col-12 col-md-6 col-lg-4">
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`${ids.gender}-photo`}
                checked={values.with_photo === '1'}
                onChange={(e) => set({ with_photo: e.target.checked ? '1' : undefined })}
              />
              <label className="form-check-label" htmlFor={`${ids.gender}-photo`}>
                {t('search.withPhoto')}
              </label>
            </div>
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`${ids.gender}-online`}
                checked={values.online === '1'}
                onChange={(e) => set({ online: e.target.checked ? '1' : undefined })}
              />
              <label className="form-check-label" htmlFor={`${ids.gender}-online`}>
                {t('search.onlineNow')}
              </label>
            </div>
            <div className="form-check form-switch">
              <input
                className="form-check-input"
                type="checkbox"
                role="switch"
                id={`${ids.gender}-verified`}
                checked={values.verified === '1'}
                onChange={(e) => set({ verified: e.target.checked ? '1' : undefined })}
              />
              <label className="form-check-label" htmlFor={`${ids.gender}-verified`}>
                {t('search.verifiedOnly')}
              </label>
            </div>
            {member && (
              <div className="form-check form-switch">
                <input
                  className="form-check-input"
                  type="checkbox"
                  role="switch"
                  id={`${ids.gender}-favourites`}
                  checked={values.favourites === '1'}
                  onChange={(e) => set({ favourites: e.target.checked ? '1' : undefined })}
                />
                <label className="form-check-label" htmlFor={`${ids.gender}-favourites`}>
                  {t('search.favouritesOnly')}
                </label>
              </div>
            )}
          </div>
          {member && (
            <div className="col-12 col-md-6 col-lg-4">
              <label className="form-label small fw-semibold" htmlFor={ids.distance}>
                {t('search.distance')}
              </label>
              <select
                id={ids.distance}
                className="form-select"
                value={values.distance ?? ''}
                onChange={(e) => set({ distance: e.target.value || undefined })}
              >
                <option value="">{t('search.anyDistance')}</option>
                {SEARCH_DISTANCES_KM.map((km) => (
                  <option key={km} value={String(km)}>
                    {t('search.withinKm', { km })}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="col-12 col-lg-4 d-flex gap-2 align-items-end justify-content-lg-end">
            <button
              type="button"
              className="btn btn-light"
              onClick={() => {
                setValues({});
                onClear();
              }}
            >
              {t('search.clear')}
            </button>
            <button type="submit" className="btn btn-primary px-4" disabled={ageTooHigh}>
              {t('search.submit')}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}
