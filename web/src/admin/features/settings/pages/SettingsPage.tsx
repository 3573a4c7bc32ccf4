import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  FREE_MEMBERS_SEE,
  PROFILE_FIELDS,
  PROFILE_NOTES,
  SEARCH_FIELDS,
  SETTING_GROUPS,
  SIGNUP_MODES,
  SUPPORTED_LANGUAGES,
  settingsChangeBody,
  type SettingName,
  type SettingsValues,
} from '@app/contract';
import { ApiError } from '../../../../api/client';
import { AdminEmpty, AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import { changeSettings, staffSettingsKey, staffSettingsOptions } from '../api/settings';

/** How each setting is edited: its type in the settings schema. */
const LISTS: Partial<Record<SettingName, readonly string[]>> = {
  visible_profile_fields: PROFILE_FIELDS,
  visible_profile_notes: PROFILE_NOTES,
  search_fields: SEARCH_FIELDS,
  languages_offered: SUPPORTED_LANGUAGES,
};
/** An option that is always chosen (shown checked and locked): nl is always offered. */
const FIXED: Partial<Record<SettingName, string>> = { languages_offered: DEFAULT_LANGUAGE };
const CHOICES: Partial<Record<SettingName, readonly string[]>> = {
  signups: SIGNUP_MODES,
  free_members_see_visitors: FREE_MEMBERS_SEE,
  free_members_see_likes: FREE_MEMBERS_SEE,
};
const MAPS: readonly SettingName[] = ['minimum_message_costs', 'domain_languages'];
/** Choices with a line of help under them (settings.hints.<name>). */
const HINTED: readonly SettingName[] = ['free_members_see_visitors', 'free_members_see_likes'];
const LONG: readonly SettingName[] = ['description', 'fictional_warning'];

type Draft = Record<string, unknown>;
type Group = keyof typeof SETTING_GROUPS;

/** The groups, each with the settings of the server's answer (an empty group is left out). */
function shownGroups(values: SettingsValues): [Group, SettingName[]][] {
  return (Object.keys(SETTING_GROUPS) as Group[])
    .map((group): [Group, SettingName[]] => [
      group,
      SETTING_GROUPS[group].filter((key) => key in values),
    ])
    .filter(([, keys]) => keys.length > 0);
}

/**
 * The site's settings (admins): grouped, each edited by its type (numbers, switches, choices,
 * lists of fields, per-country maps as JSON), validated by the contract's settings schema before
 * it is sent; only what changed is sent. Every process serves a saved change within a second.
 */
export function SettingsPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(staffSettingsOptions());
  // kept here: the form is made again with the saved values, and still says they were saved
  const [saved, setSaved] = useState(false);
  return (
    <AdminPage title={t('settings.title')} intro={t('settings.intro')}>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : shownGroups(query.data.settings).length === 0 ? (
        <AdminEmpty>{t('settings.none')}</AdminEmpty>
      ) : (
        <SettingsForm
          key={JSON.stringify(query.data.settings)}
          values={query.data.settings}
          saved={saved}
          setSaved={setSaved}
        />
      )}
    </AdminPage>
  );
}

function SettingsForm({
  values,
  saved,
  setSaved,
}: {
  values: SettingsValues;
  saved: boolean;
  setSaved: (saved: boolean) => void;
}) {
  const { t } = useAdminTranslation();
  const queryClient = useQueryClient();
  const id = useId();
  const initial = toDraft(values);
  const [draft, setDraft] = useState<Draft>(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: changeSettings,
    onSuccess: (data) => {
      setSaved(true);
      queryClient.setQueryData(staffSettingsKey, data);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.issues) {
        setProblems(Object.fromEntries(error.issues.map((i) => [i.field, i.message])));
      }
    },
  });

  const set = (key: SettingName, value: unknown) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: Record<string, unknown> = {};
    const found: Record<string, string> = {};
    for (const key of Object.keys(values) as SettingName[]) {
      if (JSON.stringify(draft[key]) === JSON.stringify(initial[key])) continue;
      if (MAPS.includes(key)) {
        try {
          change[key] = JSON.parse(String(draft[key]));
        } catch {
          found[key] = t('settings.invalidJson');
        }
      } else change[key] = draft[key];
    }
    if (Object.keys(change).length === 0 && Object.keys(found).length === 0) {
      setProblems({ _: t('settings.nothingChanged') });
      return;
    }
    const parsed = settingsChangeBody.safeParse(change);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        found[String(issue.path[0] ?? '_')] ??= issue.message;
      }
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('settings.title')}>
      {problems._ && (
        <div className="alert alert-info" role="status">
          {problems._}
        </div>
      )}
      {shownGroups(values).map(([group, keys]) => (
        <fieldset key={group} className="card card-body mb-3 admin-settings__group">
          <legend className="h5 mb-3 float-none w-auto px-1">
            {t(`settings.groups.${group}`)}
          </legend>
          <div className="row g-3">
            {keys.map((key) => (
              <SettingField
                key={key}
                id={`${id}-${key}`}
                name={key}
                value={draft[key]}
                problem={problems[key]}
                onChange={(value) => set(key, value)}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="admin-settings__actions d-flex flex-wrap align-items-center gap-2 py-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {save.isPending ? t('settings.saving') : t('settings.save')}
        </button>
        {saved && (
          <span className="text-success-emphasis fw-semibold" role="status">
            {t('settings.saved')}
          </span>
        )}
        {save.isError && !(save.error instanceof ApiError && save.error.issues) && (
          <AdminError error={save.error} />
        )}
      </div>
    </form>
  );
}

function toDraft(values: SettingsValues): Draft {
  const draft: Draft = { ...values };
  for (const key of MAPS) draft[key] = JSON.stringify(values[key], null, 2);
  return draft;
}

function SettingField({
  id,
  name,
  value,
  problem,
  onChange,
}: {
  id: string;
  name: SettingName;
  value: unknown;
  problem?: string;
  onChange: (value: unknown) => void;
}) {
  const { t } = useAdminTranslation();
  // languages by their own names, as the site's language menus write them
  const { t: tSite } = useTranslation();
  const label = (
    <>
      {t(`settings.fields.${name}`)} <code className="small text-body-secondary">{name}</code>
    </>
  );
  const error = problem && (
    <div className="invalid-feedback d-block" id={`${id}-error`}>
      {problem}
    </div>
  );
  const described = problem ? `${id}-error` : undefined;
  const invalid = problem ? ' is-invalid' : '';

  if (typeof value === 'boolean') {
    return (
      <div className="col-12 col-md-6">
        <div className="form-check form-switch">
          <input
            id={id}
            className={`form-check-input${invalid}`}
            type="checkbox"
            role="switch"
            checked={value}
            aria-describedby={described}
            onChange={(event) => onChange(event.target.checked)}
          />
          <label className="form-check-label" htmlFor={id}>
            {label}
          </label>
        </div>
        {error}
      </div>
    );
  }
  const options = LISTS[name];
  if (options) {
    const chosen = new Set(value as string[]);
    const fixed = FIXED[name];
    const optionLabel = (option: string) =>
      name === 'languages_offered' ? (
        <span lang={option}>{tSite(`languages.${option}`)}</span>
      ) : (
        t(`settings.options.${option}`)
      );
    return (
      <fieldset className="col-12" aria-describedby={described}>
        <legend className="form-label fw-semibold fs-6">{label}</legend>
        <div className="d-flex flex-wrap gap-3">
          {options.map((option) => (
            <div className="form-check" key={option}>
              <input
                id={`${id}-${option}`}
                className="form-check-input"
                type="checkbox"
                checked={chosen.has(option) || option === fixed}
                disabled={option === fixed}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? options.filter((o) => o === option || chosen.has(o))
                      : [...chosen].filter((o) => o !== option),
                  )
                }
              />
              <label className="form-check-label" htmlFor={`${id}-${option}`}>
                {optionLabel(option)}
              </label>
            </div>
          ))}
        </div>
        {name === 'languages_offered' && (
          <div className="form-text">{t('settings.hints.languages_offered')}</div>
        )}
        {error}
      </fieldset>
    );
  }
  const choices = CHOICES[name];
  const field = (control: React.ReactNode, wide = false) => (
    <div className={wide ? 'col-12' : 'col-12 col-md-6'}>
      <label className="form-label fw-semibold" htmlFor={id}>
        {label}
      </label>
      {control}
      {error}
    </div>
  );
  if (choices) {
    const hint = HINTED.includes(name) ? `${id}-hint` : undefined;
    return field(
      <>
        <select
          id={id}
          className={`form-select${invalid}`}
          value={String(value)}
          aria-describedby={[hint, described].filter(Boolean).join(' ') || undefined}
          onChange={(event) => onChange(event.target.value)}
        >
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {t(`settings.options.${choice}`)}
            </option>
          ))}
        </select>
        {hint && (
          <div className="form-text" id={hint}>
            {t(`settings.hints.${name}`)}
          </div>
        )}
      </>,
    );
  }
  if (typeof value === 'number') {
    return field(
      <input
        id={id}
        className={`form-control${invalid}`}
        type="number"
        inputMode="decimal"
        value={Number.isNaN(value) ? '' : value}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value === '' ? NaN : Number(event.target.value))}
      />,
    );
  }
  if (MAPS.includes(name) || LONG.includes(name)) {
    return field(
      <textarea
        id={id}
        className={`form-control${invalid}${MAPS.includes(name) ? ' font-monospace' : ''}`}
        rows={MAPS.includes(name) ? 4 : 3}
        value={String(value)}
        aria-describedby={described}
        onChange={(event) => onChange(event.target.value)}
      />,
      true,
    );
  }
  return field(
    <input
      id={id}
      className={`form-control${invalid}`}
      type={name === 'support_email' ? 'email' : 'text'}
      value={String(value)}
      aria-describedby={described}
      onChange={(event) => onChange(event.target.value)}
    />,
  );
}
