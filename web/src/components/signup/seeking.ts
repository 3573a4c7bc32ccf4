import type { Gender, User } from '@app/contract';

/**
 * Where the visit keeps the genders chosen at signup's first step: the contract's
 * SIGNUP_GENDERS_KEY, which the visitor search's inline check reads (written out here, where the
 * cookie list's test reads the names the site sets; seeking.test.ts holds them equal).
 */
export const SEEKING_STORAGE_KEY = 'signup_genders';

type SignupGenders = Partial<Record<'gender' | 'seeking_gender', Gender>>;

const isGender = (value: unknown): value is Gender => value === 'male' || value === 'female';

function read(storage: Storage): SignupGenders {
  const raw = storage.getItem(SEEKING_STORAGE_KEY);
  if (!raw) return {};
  const parsed = JSON.parse(raw) as Record<string, unknown>;
  const genders: SignupGenders = {};
  if (isGender(parsed.gender)) genders.gender = parsed.gender;
  if (isGender(parsed.seeking_gender)) genders.seeking_gender = parsed.seeking_gender;
  return genders;
}

/**
 * Remembers a choice of signup's first step ("Ik ben een", "Ik zoek een") for the rest of the
 * visit, so a visitor who leaves the form searches first the gender they seek. sessionStorage:
 * what someone seeks is personal, so it stays in this tab's visit (not on a shared computer
 * for the next person) and is never sent anywhere.
 */
export function rememberSignupChoice(
  field: keyof SignupGenders,
  value: Gender | '',
  storage?: Storage,
): void {
  try {
    storage ??= window.sessionStorage;
    const genders = read(storage);
    if (isGender(value)) genders[field] = value;
    else delete genders[field];
    storage.setItem(SEEKING_STORAGE_KEY, JSON.stringify(genders));
  } catch {
    // storage unavailable (private mode): the visitor's search starts without a gender
  }
}

/**
 * The gender a visitor seeks by their choice at signup's first step: the one chosen under
 * "Ik zoek een", else the other of the one chosen under "Ik ben een" (what a signup without it
 * stores); undefined when the visitor chose neither.
 */
export function readVisitorSeeking(storage?: Storage): Gender | undefined {
  try {
    const genders = read(storage ?? window.sessionStorage);
    if (genders.seeking_gender) return genders.seeking_gender;
    if (genders.gender) return genders.gender === 'male' ? 'female' : 'male';
  } catch {
    // storage unavailable or not ours: no choice known
  }
  return undefined;
}

/**
 * The gender a search starts with (the first search, the match-finder, the like popup): the
 * member's `seeking_gender` (none when they seek either), for a visitor the one chosen at
 * signup's first step (none when there was no choice).
 */
export function firstSearchGender(user: User | null): Gender | undefined {
  if (user) return user.profile?.seeking_gender ?? undefined;
  return readVisitorSeeking();
}
