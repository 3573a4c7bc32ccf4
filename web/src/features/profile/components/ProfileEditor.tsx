import { useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Geocode, OwnProfile } from '@app/contract';
import { ownProfileQueryOptions, updateOwnProfile } from '../api/profile';
import { useSettings } from '../../../api/settings';
import { setCachedSeekingGender, userQueryKey } from '../../../api/user';
import { ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { AboutSection, PrivacySection } from './AboutSection';
import { AppearanceSection } from './AppearanceSection';
import { BasicsSection } from './BasicsSection';
import { InterestsSection } from './InterestsSection';
import { LocationSection, type PlaceNames } from './LocationSection';
import {
  PROFILE_FIELDS,
  formValues,
  profileProblems,
  updateRequest,
  type ProfileFormValues,
} from '../profile-form';
import { SavedToast } from './SavedToast';

/** The whole editor: one form, one PUT of every field, errors shown where they belong. */
export function ProfileEditor({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation();
  const { min_age: minAge } = useSettings();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ProfileFormValues>(() => formValues(profile));
  const [saved, setSaved] = useState<ProfileFormValues>(values);
  const [names, setNames] = useState<PlaceNames>({ region: profile.region, city: profile.city });
  const [toast, setToast] = useState(0);
  /** Counts the moments the page should scroll to the first field with a problem. */
  const [scrollRequest, setScrollRequest] = useState(0);

  const form = useApiForm({
    mutationFn: updateOwnProfile,
    fields: PROFILE_FIELDS,
    validate: () => profileProblems(values, t, minAge),
    onSuccess: (data) => {
      queryClient.setQueryData(ownProfileQueryOptions().queryKey, data);
      // the next search starts with the gender now sought, at once
      setCachedSeekingGender(queryClient, data.profile.seeking_gender);
      // the menu shows the name; the session knows invisible, privacy mode and who is sought
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
      const next = formValues(data.profile);
      setValues(next);
      setSaved(next);
      setNames({ region: data.profile.region, city: data.profile.city });
      setToast((n) => n + 1);
    },
    onError: () => setScrollRequest((n) => n + 1),
  });

  // a moderator's refusal arrives live ('profile:changed'): the server put the previous text
  // back, so a field the member is not editing shows it again (saving must not send it back)
  const refusals = profile.text_rejections.map((r) => `${r.field}@${r.decided_at}`).join();
  const [seenRefusals, setSeenRefusals] = useState(refusals);
  if (refusals !== seenRefusals) {
    setSeenRefusals(refusals);
    const shown = formValues(profile);
    for (const { field } of profile.text_rejections) {
      setValues((current) =>
        current[field] === saved[field] ? { ...current, [field]: shown[field] } : current,
      );
      setSaved((current) => ({ ...current, [field]: shown[field] }));
    }
  }

  // the signup text, approved (now the about text), refused or its approval undone, arrives
  // live as well: an about field the member is not editing shows what the profile now shows
  const waiting = profile.about_waiting;
  const [seenWaiting, setSeenWaiting] = useState(waiting);
  if (waiting !== seenWaiting) {
    setSeenWaiting(waiting);
    const shown = formValues(profile).about;
    setValues((current) =>
      current.about === saved.about ? { ...current, about: shown } : current,
    );
    setSaved((current) => ({ ...current, about: shown }));
  }

  const formRef = form.formRef;
  useEffect(() => {
    if (scrollRequest === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    first?.scrollIntoView?.({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  }, [scrollRequest, formRef]);

  const set: <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => void = (
    field,
    value,
  ) => setValues((current) => ({ ...current, [field]: value }));

  const onLocated = (found: Geocode) => {
    setValues((current) => ({
      ...current,
      country: found.country,
      region_id: found.region.id,
      city_id: found.city.id,
    }));
    setNames({ region: found.region.name, city: found.city.name });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (Object.values(profileProblems(values, t, minAge)).some(Boolean)) {
      setScrollRequest((n) => n + 1);
    }
    form.submit(() => updateRequest(values));
  };

  const dirty = JSON.stringify(updateRequest(values)) !== JSON.stringify(updateRequest(saved));
  const hasFieldErrors = PROFILE_FIELDS.some((field) => form.fieldError(field));
  const sectionProps = {
    values,
    set,
    errorFor: form.fieldError,
    rejections: profile.text_rejections,
  };

  return (
    <form ref={form.formRef} onSubmit={onSubmit} noValidate className="profile-editor__form">
      <div className="d-grid gap-3 gap-lg-4">
        <BasicsSection {...sectionProps} />
        <div className="row g-3 g-lg-4">
          <div className="col-12 col-lg-7">
            <LocationSection {...sectionProps} names={names} onLocated={onLocated} />
          </div>
          <div className="col-12 col-lg-5">
            <AppearanceSection {...sectionProps} />
          </div>
        </div>
        <InterestsSection {...sectionProps} />
        <AboutSection {...sectionProps} waiting={profile.about_waiting} />
        <PrivacySection {...sectionProps} />
      </div>

      <div className="profile-editor__actions">
        <div className="profile-editor__actions-inner">
          <div className="flex-grow-1 small" aria-live="polite">
            {hasFieldErrors ? (
              <span className="text-danger fw-semibold">{t('profileEditor.checkFields')}</span>
            ) : dirty ? (
              <span className="text-body-secondary">{t('profileEditor.unsaved')}</span>
            ) : null}
          </div>
          <SubmitButton
            className="btn btn-primary btn-lg rounded-pill px-5 profile-editor__save"
            busy={form.busy}
            busyLabel={t('profileEditor.saving')}
          >
            {t('profileEditor.save')}
          </SubmitButton>
        </div>
        <ServerErrorAlert message={form.formError} className="mt-2 mb-0" />
      </div>
      <SavedToast show={toast} />
    </form>
  );
}
