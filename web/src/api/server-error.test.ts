import i18n from '../i18n';
import { ApiError } from './client';
import { placeServerError } from './server-error';

describe('placing a server error on a form', () => {
  const t = i18n.getFixedT('nl');
  const fields = ['email', 'password'];

  it('puts an error that names one of the fields under that field, with no alert', () => {
    const error = new ApiError(409, 'email_taken', 'Dit e-mailadres is al in gebruik.', 'email');
    expect(placeServerError(error, fields, t)).toEqual({
      fieldErrors: { email: 'Dit e-mailadres is al in gebruik.' },
      formError: null,
    });
  });

  it('maps each issue of a validation_failed answer to its field, the first per field', () => {
    const error = new ApiError(400, 'validation_failed', 'Controleer je invoer.', undefined, [
      { field: 'email', message: 'Ongeldige e-mail' },
      { field: 'password', message: 'Te kort' },
      { field: 'password', message: 'Te lang' },
    ]);
    expect(placeServerError(error, fields, t)).toEqual({
      fieldErrors: { email: 'Ongeldige e-mail', password: 'Te kort' },
      formError: null,
    });
  });

  it('also shows the alert when an issue names a field the form does not show', () => {
    const error = new ApiError(400, 'validation_failed', 'Controleer je invoer.', undefined, [
      { field: 'email', message: 'Ongeldige e-mail' },
      { field: 'invite', message: 'Onbekende uitnodiging' },
    ]);
    expect(placeServerError(error, fields, t)).toEqual({
      fieldErrors: { email: 'Ongeldige e-mail' },
      formError: 'Controleer je invoer.',
    });
  });

  it('shows an error about another field, or about none, in the alert', () => {
    const invite = new ApiError(403, 'signup_invite_only', 'Alleen op uitnodiging.', 'invite');
    const blocked = new ApiError(429, 'login_blocked', 'Te veel foute pogingen.');
    expect(placeServerError(invite, fields, t)).toEqual({
      fieldErrors: {},
      formError: 'Alleen op uitnodiging.',
    });
    expect(placeServerError(blocked, fields, t).formError).toBe('Te veel foute pogingen.');
  });

  it('gives a server failure or a lost connection the generic message, never the raw text', () => {
    const generic = 'Er is een fout opgetreden, probeer het later opnieuw.';
    const failure = new ApiError(500, 'internal_error', 'Internal Server Error', 'email');
    const offline = new ApiError(0, 'network_error', 'Failed to fetch');
    expect(placeServerError(failure, fields, t)).toEqual({ fieldErrors: {}, formError: generic });
    expect(placeServerError(offline, fields, t).formError).toBe(generic);
    expect(placeServerError(new TypeError('x'), fields, t).formError).toBe(generic);
  });

  it('places nothing when there is no error', () => {
    expect(placeServerError(null, fields, t)).toEqual({ fieldErrors: {}, formError: null });
  });
});
