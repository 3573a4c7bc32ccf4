import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { placeServerError, type PlacedServerError } from '../../api/server-error';

/** Field name -> the problem to show under it; empty or null where there is none. */
export type FieldProblems = Partial<Record<string, string | null | undefined>>;

export interface ApiFormOptions<TVariables, TData> {
  /** The request the form sends (one of the web/src/api calls). */
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** The fields the form shows: a server error about one of them goes under it, others above. */
  fields: readonly string[];
  /**
   * The form's own checks of what is typed, on the values of the current render. Run on submit:
   * any problem stops the request; from then on until a request goes out they are re-run on
   * every render, so each message goes as soon as its field is put right.
   */
  validate?: () => FieldProblems;
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  /** Told of a failed request, with the error as the form places it. */
  onError?: (error: unknown, placed: PlacedServerError) => void;
}

/**
 * A form around one TanStack mutation, so that pages do not hand-roll its states:
 * - `submit(build)` runs `validate` and, unless a check fails or a request is under way, sends
 *   the request with the variables `build` makes then; `handleSubmit(build)` is the same as a
 *   form's onSubmit;
 * - `fieldError(name)`: the form's own problem with the field, else the server's (its `field`,
 *   or the `issues` of a validation_failed answer, mapped by field);
 * - `formError`: the server's answer that belongs to no field (for ServerErrorAlert);
 * - `busy` while the request runs (for SubmitButton);
 * - after a refused submit or a server error on a field, the first invalid control of the form
 *   that holds `formRef` gets the focus;
 * - `mutation` for what the page shows after success (`isSuccess`, `data`, `variables`).
 */
export function useApiForm<TVariables, TData = unknown>({
  mutationFn,
  fields,
  validate,
  onSuccess,
  onError,
}: ApiFormOptions<TVariables, TData>) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  /** Set by a refused submit: the checks follow the typing until a request goes out. */
  const [checking, setChecking] = useState(false);
  /** Counts the moments the first invalid control should get the focus. */
  const [focusRequest, setFocusRequest] = useState(0);
  const mutation = useMutation({
    mutationFn,
    onSuccess,
    onError: (error) => {
      setFocusRequest((n) => n + 1);
      onError?.(error, placeServerError(error, fields, t));
    },
  });

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const problems: FieldProblems = checking && validate ? validate() : {};
  const server = placeServerError(mutation.error, fields, t);

  const submit = (build: () => TVariables): void => {
    if (mutation.isPending) return;
    const found = validate?.() ?? {};
    if (Object.values(found).some(Boolean)) {
      setChecking(true);
      setFocusRequest((n) => n + 1);
      mutation.reset();
      return;
    }
    setChecking(false);
    mutation.mutate(build());
  };

  return {
    formRef,
    submit,
    handleSubmit: (build: () => TVariables) => (event: FormEvent) => {
      event.preventDefault();
      submit(build);
    },
    busy: mutation.isPending,
    fieldError: (name: string): string | null => problems[name] || server.fieldErrors[name] || null,
    formError: server.formError,
    /** Forgets the server's answer and the form's own problems (a form closed unsent). */
    reset: () => {
      setChecking(false);
      mutation.reset();
    },
    /** Moves the focus to the first invalid control once the form has rendered its problems. */
    focusFirstInvalid: () => setFocusRequest((n) => n + 1),
    mutation,
  };
}
