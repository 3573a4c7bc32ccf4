import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Geocode } from '@app/contract';
import { useCities } from '../api/geo';
import { useCountryRegions } from '../../../api/regions';
import { useSettings } from '../../../api/settings';
import { ProfileSection, SelectField, type SelectOption } from './fields';
import { LocateError, locate, type LocateProblem } from '../locate';
import type { SectionProps } from './section-props';

/** Names of the chosen region and city, shown while their lists load. */
export interface PlaceNames {
  region: string | null;
  city: string | null;
}

type LocateState =
  | { state: 'idle' }
  | { state: 'busy' }
  | { state: 'found'; geocode: Geocode }
  | { state: 'problem'; problem: LocateProblem };

const PROBLEM_KEYS: Record<LocateProblem, string> = {
  unsupported: 'profileEditor.locateUnsupported',
  denied: 'profileEditor.locateDenied',
  unavailable: 'profileEditor.locateUnavailable',
  not_found: 'errors.location_not_found',
  failed: 'profileEditor.locateFailed',
};

/** A list with the chosen entry in it, even before the list has loaded. */
function withChosen(
  options: SelectOption[] | undefined,
  chosen: number | null,
  name: string | null,
): SelectOption[] {
  const list = options ?? [];
  if (chosen === null || list.some((option) => option.value === String(chosen))) return list;
  return name ? [{ value: String(chosen), label: name }, ...list] : list;
}

/**
 * Country, region (named as the country names them: province, state, canton...) and city, and
 * "use my location", which fills all three from the browser's position.
 */
export function LocationSection({
  values,
  set,
  errorFor,
  names,
  onLocated,
}: SectionProps & {
  names: PlaceNames;
  onLocated: (geocode: Geocode) => void;
}) {
  const { t } = useTranslation();
  const settings = useSettings();
  const regions = useCountryRegions(values.country);
  const cities = useCities(values.region_id);
  const [located, setLocated] = useState<LocateState>({ state: 'idle' });

  const country = settings.countries.find((c) => c.code === values.country);
  const label =
    regions.data?.region_label ??
    settings.region_data[values.country]?.label ??
    country?.region_label ??
    'region';
  const regionLabel = t(`regionLabels.${label}`);
  const countryOptions = settings.countries.map((c) => ({
    value: c.code,
    label: t(`countries.${c.code}`, { defaultValue: c.name }),
  }));
  const regionOptions = withChosen(
    regions.data?.regions.map((r) => ({ value: String(r.id), label: r.name })),
    values.region_id,
    names.region,
  );
  const cityOptions = withChosen(
    cities.data?.map((c) => ({ value: String(c.id), label: c.name })),
    values.city_id,
    names.city,
  );

  const locateMe = async () => {
    setLocated({ state: 'busy' });
    try {
      const found = await locate();
      onLocated(found);
      setLocated({ state: 'found', geocode: found });
    } catch (error) {
      setLocated({
        state: 'problem',
        problem: error instanceof LocateError ? error.problem : 'failed',
      });
    }
  };

  const listError = (failed: boolean, retry: () => unknown) =>
    failed ? (
      <span>
        {t('profileEditor.listFailed')}{' '}
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={() => void retry()}
        >
          {t('common.retry')}
        </button>
      </span>
    ) : undefined;

  return (
    <ProfileSection
      icon="📍"
      title={t('profileEditor.location')}
      intro={t('profileEditor.locationIntro')}
    >
      <div className="profile-locate d-flex flex-column flex-sm-row align-items-sm-center gap-2 mb-3">
        <button
          type="button"
          className="btn btn-outline-primary rounded-pill px-3"
          onClick={() => void locateMe()}
          disabled={located.state === 'busy'}
        >
          {located.state === 'busy' ? (
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          ) : (
            <span className="me-2" aria-hidden="true">
              🧭
            </span>
          )}
          {located.state === 'busy'
            ? t('profileEditor.locating')
            : t('profileEditor.useMyLocation')}
        </button>
        <span className="small text-body-secondary">{t('profileEditor.locateHint')}</span>
      </div>
      <div role="status" aria-live="polite">
        {located.state === 'found' && (
          <div className="alert alert-success py-2 small">
            {t('profileEditor.located', {
              city: located.geocode.city.name,
              region: located.geocode.region.name,
            })}
          </div>
        )}
        {located.state === 'problem' && (
          <div className="alert alert-warning py-2 small">{t(PROBLEM_KEYS[located.problem])}</div>
        )}
      </div>
      <div className="row g-3">
        <div className="col-12 col-md-4">
          <SelectField
            label={t('profileEditor.country')}
            options={countryOptions}
            value={values.country}
            onChange={(event) => {
              set('country', event.target.value);
              set('region_id', null);
              set('city_id', null);
            }}
            error={errorFor('country')}
            autoComplete="country"
            required
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <SelectField
            label={regionLabel}
            placeholder={t('profileEditor.notChosen')}
            options={regionOptions}
            value={values.region_id === null ? '' : String(values.region_id)}
            onChange={(event) => {
              set('region_id', event.target.value ? Number(event.target.value) : null);
              set('city_id', null);
            }}
            error={errorFor('region_id')}
            hint={listError(regions.isError, regions.refetch)}
            aria-busy={regions.isFetching || undefined}
            className="mb-0"
          />
        </div>
        <div className="col-12 col-sm-6 col-md-4">
          <SelectField
            label={t('profileEditor.city')}
            placeholder={t('profileEditor.notChosen')}
            options={cityOptions}
            value={values.city_id === null ? '' : String(values.city_id)}
            onChange={(event) =>
              set('city_id', event.target.value ? Number(event.target.value) : null)
            }
            disabled={values.region_id === null}
            error={errorFor('city_id')}
            hint={
              listError(cities.isError, cities.refetch) ??
              (values.region_id === null ? t('profileEditor.cityNeedsRegion') : undefined)
            }
            aria-busy={cities.isFetching || undefined}
            className="mb-0"
          />
        </div>
      </div>
    </ProfileSection>
  );
}
