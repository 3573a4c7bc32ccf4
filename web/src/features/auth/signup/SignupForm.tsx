import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../api/client';
import { signup, type Gender, type SignupBody } from '../../../api/auth';
import { useSettings } from '../../../api/settings';
import { userQueryKey, type UserResponse } from '../../../api/user';
import { readTracking, useSignupsOpen } from '../tracking';
import { rememberSignupEmail } from '../signup-email';
import { passwordHint } from '../../../components/password-rules';
import { PROGRESS_STEPS, SignupProgress } from './SignupProgress';
import {
  CODE_FIELD,
  EMPTY_SIGNUP,
  FIELD_STEP,
  NAME_MAX_LENGTH,
  SIGNUP_MESSAGE_MAX_LENGTH,
  STEP_COUNT,
  dateOfBirth,
  isSignupField,
  validateName,
  validateStep,
  type FieldErrors,
  type SignupField,
  type SignupValues,
} from './validation';

/** Time each progress step stays active before it ticks off (the last waits for the server). */
export const PROGRESS_STEP_MS = 700;
/** Pause on the fully ticked list before moving on to /complete-signup. */
export const PROGRESS_DONE_MS = 400;

interface FormAlert {
  text: string;
}

interface SignupFormProps {
  /** Told when a signup request starts and ends (the modal locks meanwhile). */
  onBusyChange?: (busy: boolean) => void;
  /** Called just before moving on to /complete-signup. */
  onComplete?: () => void;
  /** Signing up for this member (/members/{id}/signup): /complete-signup leads back to them. */
  memberId?: number;
}

/** Signup steps 0-4, the progress steps while the account is created, then /complete-signup. */
export function SignupForm({ onBusyChange, onComplete, memberId }: SignupFormProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const open = useSignupsOpen();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [ticked, setTicked] = useState(0);
  const [result, setResult] = useState<UserResponse | null>(null);
  /** The address already has an account: offer the login page next to the error. */
  const [emailTaken, setEmailTaken] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const busyRef = useRef(onBusyChange);
  busyRef.current = onBusyChange;
  const completeRef = useRef(onComplete);
  completeRef.current = onComplete;

  // tick the progress steps off one by one; the last one waits for the server's answer
  useEffect(() => {
    if (!submitting) return;
    if (ticked >= PROGRESS_STEPS.length) {
      const timer = setTimeout(() => {
        queryClient.setQueryData(userQueryKey, { user: result?.user ?? null });
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
        busyRef.current?.(false);
        completeRef.current?.();
        void navigate('/complete-signup', { state: { email: values.email.trim(), memberId } });
      }, PROGRESS_DONE_MS);
      return () => clearTimeout(timer);
    }
    const last = ticked === PROGRESS_STEPS.length - 1;
    if (last && !result) return;
    const timer = setTimeout(() => setTicked((n) => n + 1), last ? 0 : PROGRESS_STEP_MS);
    return () => clearTimeout(timer);
  }, [submitting, ticked, result, queryClient, navigate, values.email, memberId]);

  if (!open) {
    return (
      <div className="alert alert-info mb-0" role="status">
        {t('signup.closed')}
      </div>
    );
  }

  const set = <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
  };

  const focusFirstError = () => {
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const goNext = () => {
    const stepErrors = validateStep(step, values, t, settings.min_age);
    // the e-mail address is known from step 3 on: the profile name must differ from it
    if (step === 3 && !stepErrors.email) {
      const nameError = validateName(values.name, values.email, t);
      if (nameError) {
        setErrors({ name: nameError });
        setStep(FIELD_STEP.name);
        focusFirstError();
        return false;
      }
    }
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length > 0) {
      focusFirstError();
      return false;
    }
    setAlert(null);
    return true;
  };

  const submit = async () => {
    const body: SignupBody = {
      ...readTracking(),
      email: values.email.trim(),
      name: values.name.trim(),
      password: values.password,
      date_of_birth: dateOfBirth(values),
      gender: values.gender as Gender,
      seeking_gender: values.seeking_gender as Gender,
      accept_terms: true,
      accept_fictional: true,
    };
    const message = values.signup_message.trim();
    if (message) body.signup_message = message;

    setSubmitting(true);
    setTicked(0);
    setResult(null);
    setAlert(null);
    onBusyChange?.(true);
    try {
      const response = await signup(body);
      rememberSignupEmail(body.email);
      setResult(response ?? { user: null });
    } catch (error) {
      setSubmitting(false);
      onBusyChange?.(false);
      showServerError(error);
    }
  };

  const showServerError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      setAlert({ text: t('errors.genericLater') });
      return;
    }
    const fieldErrors: FieldErrors = {};
    for (const issue of error.issues ?? []) {
      if (isSignupField(issue.field)) fieldErrors[issue.field] ??= issue.message;
    }
    const field: SignupField | undefined = isSignupField(error.field)
      ? error.field
      : CODE_FIELD[error.code];
    if (field && error.code !== 'validation_failed') fieldErrors[field] = error.message;
    const fields = Object.keys(fieldErrors) as SignupField[];
    if (fields.length === 0) {
      setAlert({ text: error.message || t('errors.generic') });
      return;
    }
    setErrors(fieldErrors);
    setEmailTaken(error.code === 'email_taken' || error.code === 'account_reactivatable');
    setStep(Math.min(...fields.map((name) => FIELD_STEP[name])));
    focusFirstError();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    if (!goNext()) return;
    if (step < STEP_COUNT - 1) setStep(step + 1);
    else void submit();
  };

  if (submitting) return <SignupProgress done={ticked} />;

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="signup-form">
      <div className="d-flex align-items-center justify-content-between mb-3">
        <span className="small text-body-secondary">
          {t('signup.stepOf', { step: step + 1, count: STEP_COUNT })}
        </span>
        <div className="signup-form__dots d-flex gap-1" aria-hidden="true">
          {Array.from({ length: STEP_COUNT }, (_, index) => (
            <span
              key={index}
              className={`signup-form__dot${index <= step ? ' signup-form__dot--on' : ''}`}
            />
          ))}
        </div>
      </div>

      {step === 0 && (
        <>
          <ChoiceGroup
            name="gender"
            legend={t('signup.iAm')}
            value={values.gender}
            onChange={(value) => set('gender', value)}
            error={errors.gender}
          />
          <ChoiceGroup
            name="seeking_gender"
            legend={t('signup.seeking')}
            value={values.seeking_gender}
            onChange={(value) => set('seeking_gender', value)}
            error={errors.seeking_gender}
          />
        </>
      )}

      {step === 1 && <BirthdateFields values={values} set={set} error={errors.date_of_birth} />}

      {step === 2 && (
        <>
          <TextField
            name="name"
            label={t('signup.name')}
            hint={t('signup.nameHint')}
            value={values.name}
            onChange={(value) => set('name', value)}
            error={errors.name}
            autoComplete="nickname"
            maxLength={NAME_MAX_LENGTH}
          />
          <TextField
            name="signup_message"
            label={t('signup.message')}
            hint={t('signup.messageHint')}
            value={values.signup_message}
            onChange={(value) => set('signup_message', value)}
            error={errors.signup_message}
            multiline
            maxLength={SIGNUP_MESSAGE_MAX_LENGTH}
          />
        </>
      )}

      {step === 3 && (
        <>
          <TextField
            name="email"
            type="email"
            label={t('signup.email')}
            value={values.email}
            onChange={(value) => {
              set('email', value);
              setEmailTaken(false);
            }}
            error={errors.email}
            autoComplete="email"
            extra={
              errors.email &&
              emailTaken && (
                <Link to="/login" className="d-inline-block mt-1 small fw-semibold">
                  {t('signup.loginInstead')}
                </Link>
              )
            }
          />
          <TextField
            name="password"
            type="password"
            label={t('signup.password')}
            hint={passwordHint(t)}
            value={values.password}
            onChange={(value) => set('password', value)}
            error={errors.password}
            autoComplete="new-password"
          />
        </>
      )}

      {step === 4 && (
        <>
          <div className="signup-consent border rounded-3 p-3 mb-3 bg-body-tertiary">
            <p className="fw-semibold mb-2 d-flex align-items-center gap-2">
              <span className="fs-4" aria-hidden="true">
                {settings.fictional_icon}
              </span>
              <span>
                {t('disclaimer.fictionalTitle')}{' '}
                <span className="badge text-bg-light border">
                  {settings.fictional_icon} {settings.fictional_singular}
                </span>
              </span>
            </p>
            <p className="mb-3 small">{settings.fictional_warning}</p>
            <CheckField
              name="accept_fictional"
              checked={values.accept_fictional}
              onChange={(value) => set('accept_fictional', value)}
              error={errors.accept_fictional}
            >
              {t('signup.acceptFictional', { label: settings.fictional_singular })}
            </CheckField>
          </div>
          <CheckField
            name="accept_terms"
            checked={values.accept_terms}
            onChange={(value) => set('accept_terms', value)}
            error={errors.accept_terms}
          >
            {t('signup.acceptTermsBefore')}{' '}
            <Link to="/terms" target="_blank" rel="noopener">
              {t('signup.termsLink')}
            </Link>{' '}
            {t('signup.acceptTermsAnd')}{' '}
            <Link to="/privacy" target="_blank" rel="noopener">
              {t('signup.privacyLink')}
            </Link>
            {t('signup.acceptTermsAfter')}
          </CheckField>
        </>
      )}

      {alert && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {alert.text}
        </div>
      )}

      <div className="d-flex gap-2 mt-4">
        {step > 0 && (
          <button
            type="button"
            className="btn btn-outline-secondary rounded-pill px-4"
            onClick={() => {
              setErrors({});
              setAlert(null);
              setStep(step - 1);
            }}
          >
            {t('signup.previous')}
          </button>
        )}
        <button type="submit" className="btn btn-primary rounded-pill px-4 flex-grow-1">
          {step < STEP_COUNT - 1 ? t('signup.next') : t('signup.submit')}
        </button>
      </div>
      {step === 0 && (
        <p className="small text-center text-body-secondary mt-3 mb-0">
          {t('signup.haveAccount')} <Link to="/login">{t('nav.login')}</Link>
        </p>
      )}
    </form>
  );
}

function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <div id={id} className="invalid-feedback d-block">
      {error}
    </div>
  );
}

function ChoiceGroup({
  name,
  legend,
  value,
  onChange,
  error,
}: {
  name: string;
  legend: string;
  value: Gender | '';
  onChange: (value: Gender) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const options: { value: Gender; label: string; icon: string }[] = [
    { value: 'male', label: t('signup.man'), icon: '♂' },
    { value: 'female', label: t('signup.woman'), icon: '♀' },
  ];
  return (
    <fieldset className="mb-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6 fw-semibold">{legend}</legend>
      <div className="row g-2">
        {options.map((option, index) => (
          <div key={option.value} className="col-6">
            <input
              type="radio"
              className="btn-check"
              name={name}
              id={`${id}-${option.value}`}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error && index === 0 ? true : undefined}
            />
            <label
              className="btn btn-outline-primary w-100 py-3 rounded-3 choice-button"
              htmlFor={`${id}-${option.value}`}
            >
              <span className="d-block fs-4" aria-hidden="true">
                {option.icon}
              </span>
              {option.label}
            </label>
          </div>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

function BirthdateFields({
  values,
  set,
  error,
}: {
  values: SignupValues;
  set: <K extends keyof SignupValues>(key: K, value: SignupValues[K]) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const { min_age: minAge } = useSettings();
  const id = useId();
  const thisYear = new Date().getFullYear();
  const monthName = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
  const days = Array.from({ length: 31 }, (_, i) => String(i + 1));
  const months = Array.from({ length: 12 }, (_, i) => ({
    value: String(i + 1),
    label: monthName.format(new Date(Date.UTC(2000, i, 1))),
  }));
  const years = Array.from({ length: 100 - minAge + 1 }, (_, i) => String(thisYear - minAge - i));
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  const select = (
    key: 'day' | 'month' | 'year',
    label: string,
    options: { value: string; label: string }[],
    col: string,
  ) => (
    <div className={col}>
      <label className="form-label small text-body-secondary" htmlFor={`${id}-${key}`}>
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className={`form-select${error ? ' border-danger' : ''}`}
        value={values[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        autoComplete={key === 'day' ? 'bday-day' : key === 'month' ? 'bday-month' : 'bday-year'}
      >
        <option value="">{label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 fw-semibold">{t('signup.birthdate')}</legend>
      <div className="row g-2">
        {select(
          'day',
          t('signup.day'),
          days.map((d) => ({ value: d, label: d })),
          'col-3',
        )}
        {select('month', t('signup.month'), months, 'col-5')}
        {select(
          'year',
          t('signup.year'),
          years.map((y) => ({ value: y, label: y })),
          'col-4',
        )}
      </div>
      {error ? (
        <FieldError id={`${id}-error`} error={error} />
      ) : (
        <div id={`${id}-hint`} className="form-text">
          {t('signup.birthdateHint', { min_age: minAge })}
        </div>
      )}
    </fieldset>
  );
}

function TextField({
  name,
  label,
  hint,
  value,
  onChange,
  error,
  type = 'text',
  autoComplete,
  maxLength,
  multiline,
  extra,
}: {
  name: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  multiline?: boolean;
  extra?: ReactNode;
}) {
  const id = useId();
  const props = {
    id,
    name,
    className: `form-control${error ? ' is-invalid' : ''}`,
    value,
    maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  } as const;
  return (
    <div className="mb-3">
      <label className="form-label fw-semibold" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...props} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {error ? (
        <FieldError id={`${id}-error`} error={error} />
      ) : (
        hint && (
          <div id={`${id}-hint`} className="form-text">
            {hint}
          </div>
        )
      )}
      {extra}
    </div>
  );
}

function CheckField({
  name,
  checked,
  onChange,
  error,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (value: boolean) => void;
  error?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="form-check mb-2">
      <input
        id={id}
        name={name}
        type="checkbox"
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        checked={checked}
        required
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label className="form-check-label small" htmlFor={id}>
        {children}
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
