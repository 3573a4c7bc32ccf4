import i18n from '../../i18n';
import { EMPTY_SIGNUP, birthdateProblem, validateName, validateStep } from './validation';

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

  it('refuses a name holding a web address, in the page’s language (phone numbers: the server)', async () => {
    const nl = i18n.getFixedT('nl');
    expect(validateName('https://vonkje-verify.example/login', '', nl)).toBe(
      'Je profielnaam mag geen webadres of e-mailadres bevatten',
    );
    // libphonenumber's metadata stays out of the form: the server refuses a number
    expect(validateName('Bel 06-12345678', '', nl)).toBeNull();
    await i18n.loadLanguages('de');
    const de = i18n.getFixedT('de');
    expect(validateName('www.vonkje-verify.example', '', de)).toBe(
      'Dein Profilname darf keine Webadresse und keine E-Mail-Adresse enthalten',
    );
  });

  it("gives the spec's messages for a missing or wrong date of birth and a wrong address", () => {
    const t = i18n.getFixedT('nl');
    const values = { ...EMPTY_SIGNUP, day: '31', month: '2', year: '1990' };
    expect(validateStep(1, values, t, 18)).toEqual({ date_of_birth: 'Ongeldige geboortedatum.' });
    expect(validateStep(1, { ...values, day: '' }, t, 18)).toEqual({
      date_of_birth: 'Vul uw geboortedatum in (18+ jaar)',
    });
    expect(
      validateStep(3, { ...values, email: 'sanne@', password: 'Zonnebloem-2026' }, t, 18),
    ).toEqual({
      email: 'Ongeldige e-mail',
    });
  });
});
