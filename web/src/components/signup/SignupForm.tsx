import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import type { Gender, SignupRequest } from '@app/contract';
import { signup } from './api/signup';
import { useSettings } from '../../api/settings';
import { userQueryKey } from '../../api/user';
import { ServerErrorAlert, useApiForm } from '../form';
import { readTracking, useSignupsOpen } from './tracking';
import { rememberSignupEmail } from './signup-email';
import { rememberSignupChoice } from './seeking';
import { SignupProgress } from './SignupProgress';
import { useSignupProgress } from './progress-machine';
import { ProofOfWork, useProofOfWork } from '../challenge';
import { AccountStep } from './steps/AccountStep';
import { BirthdateStep } from './steps/BirthdateStep';
import { ConsentStep } from './steps/ConsentStep';
import { GenderStep } from './steps/GenderStep';
import { NameStep } from './steps/NameStep';
import type { SetSignupValue, StepProps } from './steps/step-props';
import {
  EMPTY_SIGNUP,
  FIELD_STEP,
  SIGNUP_FIELDS,
  STEP_COUNT,
  dateOfBirth,
  isSignupField,
  validateName,
  validateStep,
  type FieldErrors,
  type SignupField,
  type SignupValues,
} from './validation';

/** Server codes that mean: this address already has an account (offer the login page). */
const ACCOUNT_EXISTS = new Set(['email_taken', 'account_reactivatable']);

interface SignupFormProps {
  /** Told when a signup request starts and ends (the modal locks meanwhile). */
  onBusyChange?: (busy: boolean) => void;
  /** Called just before moving on to /complete-signup. */
  onComplete?: () => void;
  /** Signing up for this member (/members/{id}/signup): /complete-signup leads back to them. */
  memberId?: number;
}

/** The request body of a completed form, with the tracking parameters of the landing page. */
function signupBody(values: SignupValues): SignupRequest {
  const body: SignupRequest = {
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
  return body;
}

/** Signup steps 1-5, the progress steps while the account is created, then /complete-signup. */
export function SignupForm({ onBusyChange, onComplete, memberId }: SignupFormProps) {
  const { t } = useTranslation();
  const settings = useSettings();
  const open = useSignupsOpen();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SignupValues>(EMPTY_SIGNUP);
  const [step, setStep] = useState(0);
  /** The form's own checks of the step just left; the server's errors come from `form`. */
  const [stepErrors, setStepErrors] = useState<FieldErrors>({});
  /** The proof of work (ALTCHA) the signup carries; solved while the visitor fills the form. */
  const pow = useProofOfWork();
  const answering = useRef(false);

  const progress = useSignupProgress((answer) => {
    queryClient.setQueryData(userQueryKey, { user: answer.user ?? null });
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
    onBusyChange?.(false);
    onComplete?.();
    void navigate('/complete-signup', { state: { email: values.email.trim(), memberId } });
  });

  const form = useApiForm({
    mutationFn: signup,
    fields: SIGNUP_FIELDS,
    onSuccess: (response, body) => {
      rememberSignupEmail(body.email);
      progress.answered(response);
    },
    onError: (_error, placed) => {
      // the solution was used (or refused): the next try solves a new challenge
      pow.renew();
      progress.failed();
      onBusyChange?.(false);
      // back to the first step with a field the server refused
      const steps = Object.keys(placed.fieldErrors)
        .filter(isSignupField)
        .map((field) => FIELD_STEP[field]);
      if (steps.length > 0) setStep(Math.min(...steps));
    },
  });

  if (!open) {
    return (
      <div className="alert alert-info mb-0" role="status">
        {t('signup.closed')}
      </div>
    );
  }

  const set: SetSignupValue = (key, value) => {
    setValues((current) => ({ ...current, [key]: value }));
    // the visit's searches follow what the visitor seeks, also when they leave the form
    if (key === 'gender' || key === 'seeking_gender')
      rememberSignupChoice(key, value as Gender | '');
  };

  const errorFor = (field: SignupField) => stepErrors[field] ?? form.fieldError(field);

  const { error, variables } = form.mutation;
  const accountExists =
    error instanceof ApiError &&
    ACCOUNT_EXISTS.has(error.code) &&
    variables?.email === values.email.trim();

  /** Checks the current step; the profile name is checked again once the address is known. */
  const stepIsValid = (): boolean => {
    form.reset();
    const found = validateStep(step, values, t, settings.min_age);
    const nameError = step === 3 && !found.email && validateName(values.name, values.email, t);
    if (nameError) {
      setStepErrors({ name: nameError });
      setStep(FIELD_STEP.name);
    } else {
      setStepErrors(found);
    }
    const valid = !nameError && Object.keys(found).length === 0;
    if (!valid) form.focusFirstInvalid();
    return valid;
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (progress.running || !stepIsValid()) return;
    if (step < STEP_COUNT - 1) {
      pow.start();
      setStep(step + 1);
      return;
    }
    if (answering.current) return;
    // the solved challenge first (the widget is on this step), then the progress steps
    answering.current = true;
    void pow.answer().then((altcha) => {
      answering.current = false;
      progress.start();
      onBusyChange?.(true);
      form.submit(() => ({ ...signupBody(values), altcha }));
    });
  };

  if (progress.running) return <SignupProgress done={progress.ticked} />;

  const stepProps: StepProps = { values, set, errorFor };
  return (
    // post: a browser that sends the form itself (no scripts) never puts the password into the
    // address (/signup may come rendered by the server: web/src/public)
    // the proof of work's code loads on the form's first touch (focus or typing), not with the
    // page: a first visit stays light (issue 35)
    <form
      ref={form.formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onFocusCapture={pow.start}
      onInput={pow.start}
      className="signup-form"
    >
      <div className="d-flex align-items-center justify-content-between mb-3">
        <span className="small text-body-secondary">
          {t('signup.stepOf', { step: step + 1, total: STEP_COUNT })}
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

      {step === 0 && <GenderStep {...stepProps} />}
      {step === 1 && <BirthdateStep {...stepProps} />}
      {step === 2 && <NameStep {...stepProps} />}
      {step === 3 && <AccountStep {...stepProps} offerLogin={accountExists} />}
      {step === 4 && <ConsentStep {...stepProps} />}

      {/* in place from the first step (hidden until the last), so the work is done before the
          last one; a placeholder of its size until the form is touched */}
      <ProofOfWork state={pow} className={step === STEP_COUNT - 1 ? 'mt-3' : 'visually-hidden'} />

      <ServerErrorAlert className="mt-3 mb-0" message={form.formError} />

      <div className="d-flex gap-2 mt-4">
        {step > 0 && (
          <button
            type="button"
            className="btn btn-outline-secondary rounded-pill px-4"
            onClick={() => {
              setStepErrors({});
              form.reset();
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
