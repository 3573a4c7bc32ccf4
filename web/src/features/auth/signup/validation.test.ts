import i18n from '../../../i18n';
import nl from '../../../i18n/locales/nl.json';
import { birthdateProblem, validateName } from './validation';

describe('signup validation', () => {
  const today = new Date(2026, 5, 15); // 15 June 2026

  it('checks the date of birth against the minimum age on the day itself', () => {
    expect(birthdateProblem('', '6', '2000', 18, today)).toBe('required');
    expect(birthdateProblem('15', '6', '2008', 18, today)).toBeNull(); // 18 today
    expect(birthdateProblem('16', '6', '2008', 18, today)).toBe('too_young');
    expect(birthdateProblem('15', '6', '2005', 21, today)).toBeNull();
    expect(birthdateProblem('16', '6', '2005', 21, today)).toBe('too_young');
  });

  it('calls impossible dates invalid', () => {
    expect(birthdateProblem('31', '2', '1990', 18, today)).toBe('invalid');
    expect(birthdateProblem('29', '2', '1999', 18, today)).toBe('invalid');
    expect(birthdateProblem('29', '2', '2000', 18, today)).toBeNull();
    expect(birthdateProblem('1', '1', '1890', 18, today)).toBe('invalid');
  });

  it('allows ordinary profile names and refuses e-mail addresses and a leading @', () => {
    const t = i18n.getFixedT('nl');
    expect(validateName('Sanne', 'sanne@example.com', t)).toBeNull();
    expect(validateName(' @sanne', '', t)).toBe('Je profielnaam mag niet beginnen met een @');
    expect(validateName('sanne@example.com', '', t)).toBe(
      'Je profielnaam moet anders zijn dan je e-mailadres',
    );
    expect(validateName('Sanne@Example.com ', 'sanne@example.com', t)).toBe(
      'Je profielnaam moet anders zijn dan je e-mailadres',
    );
  });

  it('carries the account messages of the spec word for word in nl', () => {
    expect(nl.signup.birthdateRequired).toBe('Vul uw geboortedatum in ({{min_age}}+ jaar)');
    expect(nl.signup.birthdateInvalid).toBe('Ongeldige geboortedatum.');
    expect(nl.signup.emailInvalid).toBe('Ongeldige e-mail');
    expect(nl.signup.nameEmail).toBe('Je profielnaam moet anders zijn dan je e-mailadres');
    expect(nl.signup.nameAt).toBe('Je profielnaam mag niet beginnen met een @');
    expect(nl.login.failed).toBe('Login mislukt, probeer opnieuw');
    expect(nl.login.blocked).toBe(
      'Te veel foute pogingen, account voor {{minutes}} min geblokkeerd.',
    );
    expect(nl.activate.errorTitle).toBe('Activeren mislukt');
    expect(nl.activation.newEmailInvalid).toBe('Nieuw e-mailadres invalide.');
  });
});
