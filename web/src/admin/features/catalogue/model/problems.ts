/**
 * A catalogue form's problems: the server's refusal turned into problems per field (a field
 * path such as 'names.nl' or 'price_cents'; '_' is the form's own), and which of them a form
 * shows at a field and which in its alert.
 */
import { ApiError } from '../../../../api/client';

/** Problems per field path ('names.nl', 'price_cents'); '_' is the form's own. */
export type Problems = Record<string, string>;

/**
 * The problems of a refused change: a validation_failed answer's issues at their fields, a
 * refusal naming a field (409 code_taken on `code`) at that field, anything else at the form.
 */
export function problemsOf(error: unknown): Problems {
  if (error instanceof ApiError) {
    if (error.issues && error.issues.length > 0) {
      const found: Problems = {};
      for (const issue of error.issues) found[issue.field || '_'] ??= issue.message;
      return found;
    }
    return { [error.field ?? '_']: error.message };
  }
  return { _: error instanceof Error ? error.message : String(error) };
}

/** The problems not shown at a field of `fields`, for the form's alert. */
export function otherProblems(problems: Problems, fields: readonly string[]): string | undefined {
  const rest = Object.entries(problems).filter(
    ([field]) => !fields.some((name) => field === name || field.startsWith(`${name}.`)),
  );
  return rest.length > 0 ? rest.map(([, message]) => message).join(' ') : undefined;
}

/** The first problem of a field or of anything under it ('prices' shows 'prices.0.currency'). */
export function problemAt(problems: Problems, field: string): string | undefined {
  return (
    problems[field] ?? Object.entries(problems).find(([name]) => name.startsWith(`${field}.`))?.[1]
  );
}
