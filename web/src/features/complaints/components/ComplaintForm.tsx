import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_MESSAGE_MAX,
  COMPLAINT_SUBJECT_MAX,
  NAME_MAX_LENGTH,
  type ComplaintAbout,
} from '@app/contract/constants';
import type { ComplaintRequest, ComplaintResponse } from '@app/contract';
import { ApiError } from '../../../api/client';
import { sendComplaint } from '../api/complaints';
import { useMemberCard } from '../../../api/members';
import { FormField, ServerErrorAlert, SubmitButton, useApiForm } from '../../../components/form';
import { isValidEmail } from '../../../components/email-rules';
import { AboutChoice } from './AboutChoice';
import { missingTarget, type ComplaintTarget } from '../complaint-target';
import { ReportedMember } from './ReportedMember';
import { ThankYou } from './ThankYou';

const FIELDS = ['about', 'member', 'photo', 'message_id', 'subject', 'message', 'name', 'email'];

/** The complaint form: what it is about, subject and message, and a visitor's name and e-mail. */
export function ComplaintForm({ target, visitor }: { target: ComplaintTarget; visitor: boolean }) {
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
                  number: message.length,
                  count: COMPLAINT_MESSAGE_MAX,
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
