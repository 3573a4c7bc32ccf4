import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_ABOUT,
  COMPLAINT_MESSAGE_MAX,
  COMPLAINT_SUBJECT_MAX,
  NAME_MAX_LENGTH,
  type ComplaintAbout,
} from '@app/contract/constants';
import type { ComplaintRequest, ComplaintResponse } from '@app/contract';
import { ApiError } from '../../../api/client';
import { sendComplaint } from '../api/complaints';
import { useMemberCard } from '../../../api/members';
import { useUser } from '../../../api/user';
import { MemberAvatar } from '../../../components/member/MemberCard';
import { FictionalBadge } from '../../../components/FictionalBadge';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { isValidEmail } from '../../../components/email-rules';
import { usePageTitle } from '../../../components/usePageTitle';
import { complaintTarget, missingTarget, type ComplaintTarget } from './complaint-target';

const FIELDS = ['about', 'member', 'photo', 'message_id', 'subject', 'message', 'name', 'email'];
const ICONS: Record<ComplaintAbout, string> = {
  member: '👤',
  photo: '🖼️',
  message: '💬',
  site: '🌐',
};

/**
 * /complaints: a complaint about a member, a photo, a message or the site. The report buttons
 * open it with the member (and photo or message) in the query string; visitors leave a name and
 * an e-mail address to be answered at.
 */
export function ComplaintsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.complaints'));
  const [params] = useSearchParams();
  const { user, isPending } = useUser();
  const search = params.toString();
  return (
    <section className="container py-4 py-md-5 complaints-page">
      <div className="row g-4 justify-content-center">
        <div className="col-12 col-lg-8">
          {isPending ? (
            <div className="card border-0 shadow-sm rounded-4 p-5 text-center" role="status">
              <span className="spinner-border text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('complaints.loading')}</span>
            </div>
          ) : (
            // a new report button's query starts a new complaint
            <ComplaintForm key={search} target={complaintTarget(params)} visitor={!user} />
          )}
        </div>
        <aside className="col-12 col-lg-4" aria-labelledby="complaints-tips">
          <Tips />
        </aside>
      </div>
    </section>
  );
}

function ComplaintForm({ target, visitor }: { target: ComplaintTarget; visitor: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const [about, setAbout] = useState<ComplaintAbout>(target.about);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const member = useMemberCard(target.member ?? 0);
  const missing = missingTarget(about, target);

  const form = useApiForm<ComplaintRequest, ComplaintResponse>({
    mutationFn: sendComplaint,
    fields: FIELDS,
    validate: () => ({
      about: missing ? t(`complaints.missing.${missing}`) : null,
      subject: subject.trim() ? null : t('complaints.subjectRequired'),
      message: message.trim() ? null : t('complaints.messageRequired'),
      name: visitor && !name.trim() ? t('complaints.nameRequired') : null,
      email: !visitor
        ? null
        : !email.trim()
          ? t('complaints.emailRequired')
          : isValidEmail(email)
            ? null
            : t('complaints.emailInvalid'),
    }),
  });
  const onSubmit = form.handleSubmit(() => ({
    about,
    subject: subject.trim(),
    message: message.trim(),
    ...(about !== 'site' && target.member ? { member: target.member } : {}),
    ...(about === 'photo' && target.photo ? { photo: target.photo } : {}),
    ...(about === 'message' && target.message ? { message_id: target.message } : {}),
    ...(visitor ? { name: name.trim(), email: email.trim() } : {}),
  }));

  if (form.mutation.isSuccess) {
    return (
      <ThankYou
        complaint={form.mutation.data.complaint.id}
        email={visitor ? email.trim() : null}
        profile={about !== 'site' ? target.member : null}
      />
    );
  }

  const notFound =
    form.mutation.error instanceof ApiError && form.mutation.error.code === 'not_found';
  const aboutError =
    form.fieldError('about') ||
    form.fieldError('member') ||
    form.fieldError('photo') ||
    form.fieldError('message_id');

  return (
    <div className="card border-0 shadow-sm rounded-4">
      <div className="card-body p-4 p-md-5">
        <h1 className="h3 mb-2">{t('complaints.title')}</h1>
        <p className="text-body-secondary mb-4">{t('complaints.intro')}</p>
        {target.member && <ReportedMember query={member} />}
        <form ref={form.formRef} onSubmit={onSubmit} noValidate>
          <ServerErrorAlert message={notFound ? t('complaints.notFound') : form.formError} />
          <AboutChoice
            value={about}
            onChange={setAbout}
            target={target}
            memberName={member.data?.name ?? null}
            error={aboutError}
          />
          <FormField
            id={`${id}-subject`}
            label={t('complaints.subject')}
            markRequired
            required
            maxLength={COMPLAINT_SUBJECT_MAX}
            value={subject}
            error={form.fieldError('subject')}
            onChange={(event) => setSubject(event.target.value)}
          />
          <FormField
            as="textarea"
            id={`${id}-message`}
            label={t('complaints.message')}
            markRequired
            required
            rows={6}
            maxLength={COMPLAINT_MESSAGE_MAX}
            hint={t('complaints.messageHint')}
            value={message}
            error={form.fieldError('message')}
            onChange={(event) => setMessage(event.target.value)}
            after={
              <div className="form-text text-end complaints-page__counter" aria-hidden="true">
                {t('complaints.counter', {
                  count: message.length,
                  max: COMPLAINT_MESSAGE_MAX,
                })}
              </div>
            }
          />
          {visitor && (
            <fieldset className="bg-body-tertiary rounded-4 p-3 p-md-4 mb-4">
              <legend className="h6 fw-bold float-none w-auto mb-1">
                {t('complaints.contactTitle')}
              </legend>
              <p className="small text-body-secondary">{t('complaints.contactIntro')}</p>
              <div className="row g-3">
                <div className="col-12 col-md-6">
                  <FormField
                    id={`${id}-name`}
                    className="mb-0"
                    label={t('complaints.name')}
                    markRequired
                    required
                    autoComplete="name"
                    maxLength={NAME_MAX_LENGTH}
                    value={name}
                    error={form.fieldError('name')}
                    onChange={(event) => setName(event.target.value)}
                  />
                </div>
                <div className="col-12 col-md-6">
                  <FormField
                    id={`${id}-email`}
                    className="mb-0"
                    type="email"
                    label={t('complaints.email')}
                    markRequired
                    required
                    autoComplete="email"
                    inputMode="email"
                    value={email}
                    error={form.fieldError('email')}
                    onChange={(event) => setEmail(event.target.value)}
                  />
                </div>
              </div>
              <p className="small text-body-secondary mt-3 mb-0">{t('complaints.privacy')}</p>
            </fieldset>
          )}
          <div className="d-flex flex-column flex-sm-row gap-2 justify-content-between align-items-sm-center">
            <p className="small text-body-secondary mb-0">{t('complaints.requiredNote')}</p>
            <SubmitButton
              className="btn btn-primary rounded-pill px-4"
              busy={form.busy}
              busyLabel={t('complaints.sending')}
            >
              {t('complaints.submit')}
            </SubmitButton>
          </div>
        </form>
      </div>
    </div>
  );
}

/** What the complaint is about, as radio cards; a kind without its target explains how. */
function AboutChoice({
  value,
  onChange,
  target,
  memberName,
  error,
}: {
  value: ComplaintAbout;
  onChange: (about: ComplaintAbout) => void;
  target: ComplaintTarget;
  memberName: string | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const id = useId();
  const describedBy = error ? `${id}-error` : undefined;
  return (
    <fieldset className="mb-4" aria-describedby={describedBy}>
      <legend className="fs-6 fw-semibold mb-2">
        {t('complaints.aboutLegend')}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </legend>
      <div className="row g-2 g-md-3">
        {COMPLAINT_ABOUT.map((option, index) => {
          const optionId = `${id}-${option}`;
          const missing = missingTarget(option, target);
          const detail =
            missing !== null
              ? t(`complaints.options.${option}.how`)
              : option !== 'site' && memberName
                ? t(`complaints.options.${option}.of`, { name: memberName })
                : t(`complaints.options.${option}.text`);
          return (
            <div key={option} className="col-12 col-sm-6">
              <input
                type="radio"
                className="btn-check"
                name={`${id}-about`}
                id={optionId}
                value={option}
                checked={value === option}
                onChange={() => onChange(option)}
                aria-invalid={error && index === 0 ? true : undefined}
                aria-describedby={`${optionId}-detail`}
              />
              <label
                className={`complaint-option${error ? ' complaint-option--invalid' : ''}`}
                htmlFor={optionId}
              >
                <span className="complaint-option__icon" aria-hidden="true">
                  {ICONS[option]}
                </span>
                <span className="d-block">
                  <span className="d-block fw-semibold">
                    {t(`complaints.options.${option}.title`)}
                  </span>
                  <span className="d-block small text-body-secondary" id={`${optionId}-detail`}>
                    {detail}
                  </span>
                </span>
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** The member the complaint is about, as the reporter sees them (or a note when that fails). */
function ReportedMember({ query }: { query: ReturnType<typeof useMemberCard> }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div
        className="complaint-member rounded-4 p-3 mb-4 d-flex align-items-center gap-3"
        role="status"
      >
        <span
          className="complaint-member__avatar complaint-member__avatar--loading"
          aria-hidden="true"
        />
        <span className="text-body-secondary">{t('complaints.memberLoading')}</span>
      </div>
    );
  }
  if (!query.data) {
    return (
      <div className="alert alert-light border rounded-4 mb-4 small" role="note">
        {t('complaints.memberUnavailable')}
      </div>
    );
  }
  const member = query.data;
  const place = member.city ?? member.region ?? t(`countries.${member.country}`);
  return (
    <div className="complaint-member rounded-4 p-3 mb-4 d-flex align-items-center gap-3">
      <MemberAvatar member={member} size="sm" />
      <div className="flex-grow-1 complaint-member__body">
        <div className="small text-body-secondary">{t('complaints.memberLabel')}</div>
        <div className="fw-bold text-truncate" data-testid="reported-member">
          {member.name}
          <span className="fw-normal text-body-secondary">
            {' · '}
            {t('members.age', { age: member.age })}
            {' · '}
            {place}
          </span>
        </div>
        {member.fictional && <FictionalBadge className="mt-1" />}
      </div>
      <Link to={`/members/${member.id}`} className="small fw-semibold text-nowrap">
        {t('complaints.viewProfile')}
      </Link>
    </div>
  );
}

/** After sending: thanks, what happens next, and the way back. */
function ThankYou({
  complaint,
  email,
  profile,
}: {
  complaint: number;
  email: string | null;
  profile: number | null;
}) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card border-0 shadow-sm rounded-4 complaint-done">
      <div className="card-body p-4 p-md-5 text-center">
        <div className="complaint-done__icon mx-auto mb-3" aria-hidden="true">
          ✓
        </div>
        <h1 className="h3 mb-2" ref={heading} tabIndex={-1}>
          {t('complaints.doneTitle')}
        </h1>
        <p className="text-body-secondary mb-4">{t('complaints.doneText', { id: complaint })}</p>
        <div className="text-start bg-body-tertiary rounded-4 p-3 p-md-4 mb-4">
          <h2 className="h6 fw-bold">{t('complaints.nextTitle')}</h2>
          <ol className="mb-0 ps-3 d-grid gap-2 small">
            <li>{t('complaints.nextReview')}</li>
            <li>{t('complaints.nextAction')}</li>
            <li>{email ? t('complaints.nextVisitor', { email }) : t('complaints.nextMember')}</li>
          </ol>
        </div>
        <div className="d-flex flex-column flex-sm-row gap-2 justify-content-center">
          {profile ? (
            <Link to={`/members/${profile}`} className="btn btn-primary rounded-pill px-4">
              {t('complaints.backToProfile')}
            </Link>
          ) : (
            <Link to="/" className="btn btn-primary rounded-pill px-4">
              {t('complaints.home')}
            </Link>
          )}
          {profile && (
            <Link to="/" className="btn btn-outline-primary rounded-pill px-4">
              {t('complaints.home')}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

/** Beside the form: what to do in danger, and blocking. */
function Tips() {
  const { t } = useTranslation();
  return (
    <div className="card border-0 shadow-sm rounded-4 complaints-tips">
      <div className="card-body p-4">
        <h2 className="h5 mb-3" id="complaints-tips">
          {t('complaints.tipsTitle')}
        </h2>
        <ul className="list-unstyled d-grid gap-3 mb-0 small">
          <li className="d-flex gap-2">
            <span aria-hidden="true">🚨</span>
            <span>{t('complaints.tipDanger')}</span>
          </li>
          <li className="d-flex gap-2">
            <span aria-hidden="true">🛡️</span>
            <span>{t('complaints.tipBlock')}</span>
          </li>
          <li className="d-flex gap-2">
            <span aria-hidden="true">🔒</span>
            <span>{t('complaints.tipMoney')}</span>
          </li>
        </ul>
      </div>
    </div>
  );
}
