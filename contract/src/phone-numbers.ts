import { findPhoneNumbersInText } from 'libphonenumber-js/min';
import { SUPPORTED_COUNTRIES } from './constants';

/**
 * Whether the text holds a phone number of one of the site's countries (written nationally or
 * internationally), as libphonenumber-js reads it: a valid number of at least seven digits, so
 * that a year or a short number ("Jan 1985") is not one. The server refuses such profile names
 * (`invalid_name_phone`, server/src/common/profile-rules.ts); the web forms leave this check to
 * it and show its message, since libphonenumber's metadata would add about 37 KB gzip to the
 * signup form.
 */
export function containsPhoneNumber(text: string): boolean {
  if ((text.match(/\d/g)?.length ?? 0) < 7) return false;
  return SUPPORTED_COUNTRIES.some((country) =>
    findPhoneNumbersInText(text, { defaultCountry: country }).some(
      ({ number }) => number.nationalNumber.length >= 7 && number.isValid(),
    ),
  );
}
