import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@app/contract';
import { useSettings } from '../../../../api/settings';
import { profileValueLabelKey } from '../../../../components/profile-values';

/** The enum fields of a profile, in the order the page lists them. */
const ENUM_FIELDS = [
  'signup_reason',
  'relationship_status',
  'sexuality',
  'body_type',
  'hair_color',
  'eye_color',
] as const;

/** A titled card of the profile page. */
export function ProfileSection({
  title,
  id,
  children,
}: {
  title: string;
  id: string;
  children: ReactNode;
}) {
  return (
    <section
      className="card border-0 shadow-sm rounded-4 member-profile__section"
      aria-labelledby={id}
    >
      <div className="card-body p-3 p-md-4">
        <h2 className="h5 mb-3" id={id}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** About me, as the member wrote it (line breaks kept). */
export function AboutText({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const about = profile.about?.trim();
  return about ? (
    <p className="member-profile__about mb-0">{about}</p>
  ) : (
    <p className="text-body-secondary mb-0">{t('memberProfile.noAbout', { name: profile.name })}</p>
  );
}

/**
 * Which profile fields and notes the profile page shows: the settings visible_profile_fields and
 * visible_profile_notes (an admin's choice in the console).
 */
export function useVisibleProfile() {
  const { visible_profile_fields: fields, visible_profile_notes: notes } = useSettings();
  return {
    field: (name: string) => fields.includes(name),
    note: (name: string) => notes.includes(name),
  };
}

/** The descriptive fields the member filled in (those the site shows), with translated values. */
export function ProfileFields({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const visible = useVisibleProfile();
  const rows: [string, string][] = [];
  for (const field of ENUM_FIELDS) {
    const value = profile[field];
    if (value !== null && visible.field(field)) {
      rows.push([t(`memberProfile.fields.${field}`), t(profileValueLabelKey(field, value))]);
    }
  }
  if (profile.tattoos !== null && visible.field('tattoos')) {
    rows.push([
      t('memberProfile.fields.tattoos'),
      t(profileValueLabelKey('tattoos', profile.tattoos)),
    ]);
  }
  if (rows.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        {t('memberProfile.noFields', { name: profile.name })}
      </p>
    );
  }
  return (
    <dl className="member-fields mb-0">
      {rows.map(([label, value]) => (
        <div className="member-fields__row" key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Interests as chips with their icons (settings.interests); unknown slugs keep their name. */
export function InterestChips({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation();
  const { interests } = useSettings();
  if (profile.interests.length === 0) {
    return (
      <p className="text-body-secondary mb-0">
        {t('memberProfile.noInterests', { name: profile.name })}
      </p>
    );
  }
  const icons = new Map(interests.map((interest) => [interest.slug, interest.icon]));
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
      {profile.interests.map((slug) => {
        const icon = icons.get(slug);
        return (
          <li key={slug} className="interest-chip d-inline-flex align-items-center gap-2">
            {icon && <span aria-hidden="true">{icon}</span>}
            {t(`interests.${slug}`, { defaultValue: slug.replace(/_/g, ' ') })}
          </li>
        );
      })}
    </ul>
  );
}
