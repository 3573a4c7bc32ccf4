/**
 * A catalogue form's frame: the foot with its submit button, cancel, what happened and the
 * problems not shown at a field; and the whole form of an item made or changed.
 */
import type { ReactNode } from 'react';
import { useAdminTranslation } from '../../../shared/i18n';
import { otherProblems, problemAt, type Problems } from '../model/problems';
import { InputField } from './fields';

/** The form's own problem (not of one field), as an alert. */
export function FormProblem({ problem }: { problem?: string }) {
  if (!problem) return null;
  return (
    <div className="alert alert-danger mb-0" role="alert">
      {problem}
    </div>
  );
}

/**
 * A form's foot: its submit button (busy while the call is on its way), an optional cancel,
 * what happened (`status`), and the problems not shown at a field.
 */
export function FormActions({
  pending,
  submitLabel,
  onCancel,
  status,
  problem,
}: {
  pending: boolean;
  submitLabel: string;
  onCancel?: () => void;
  status?: ReactNode;
  problem?: string;
}) {
  const { t } = useAdminTranslation();
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={pending}>
          {pending ? t('catalogue.saving') : submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={pending}
            onClick={onCancel}
          >
            {t('catalogue.cancel')}
          </button>
        )}
        {status && (
          <span className="text-success" role="status">
            {status}
          </span>
        )}
      </div>
      {problem && (
        <div className="mt-2">
          <FormProblem problem={problem} />
        </div>
      )}
    </>
  );
}

/**
 * The frame of a form that makes an item (a card with its title and the item's slug) or changes
 * one (in the item's card, without the slug, which never changes): its fields in a grid, its
 * foot with submit and cancel.
 */
export function ItemForm({
  isNew,
  title,
  slug,
  save,
  submitLabel,
  fields,
  onSubmit,
  onCancel,
  note,
  children,
}: {
  isNew: boolean;
  title: string;
  slug: { id: string; label: string; value: string; onChange: (value: string) => void };
  save: { pending: boolean; nothing: boolean; problems: Problems };
  submitLabel: string;
  fields: readonly string[];
  onSubmit: () => void;
  onCancel: () => void;
  note?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  return (
    <form
      className={isNew ? 'card card-body' : ''}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
      aria-label={title}
    >
      {isNew && <h2 className="h5">{title}</h2>}
      {note}
      <div className="row g-3">
        {isNew && (
          <InputField
            {...slug}
            problem={problemAt(save.problems, 'slug')}
            hint={t('catalogue.slugHint')}
            className="col-12 col-md-4"
            maxLength={40}
            autoComplete="off"
          />
        )}
        {children}
      </div>
      <FormActions
        pending={save.pending}
        submitLabel={submitLabel}
        onCancel={onCancel}
        status={save.nothing && t('catalogue.nothingChanged')}
        problem={otherProblems(save.problems, fields)}
      />
    </form>
  );
}
