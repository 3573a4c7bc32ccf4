import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import {
  parsePhoneNumberFromString,
  type CountryCode as PhoneCountry,
} from 'libphonenumber-js/min';
import { SUPPORTED_COUNTRIES } from './constants';
import { linkableKind } from './linkable-text';
import { SCAM_CATEGORIES, SCAM_WEIGHTS, type ScamCategory } from './scam-categories';

/**
 * The scan of a member-to-member message as it is sent (issue 35): contact details (a phone
 * number, an e-mail address, a link) and the marks of a romance scam (an IBAN, a request for
 * money, gift cards, crypto wallets, the scammers' known phrasings in the seven languages). The
 * patterns are data, kept here like the care patterns (api/staff-partners.ts); the server stores
 * the categories a message hit, warns its recipient beside it (never its sender), adds to the
 * sender's risk score and puts it in the moderators' queue. Nothing is blocked.
 *
 * Cheap by design: every regex is compiled once, libphonenumber looks only at runs of seven
 * digits or more, and an IBAN is checked (ibantools: its country's length and its checksum) only
 * where one could be.
 */

/** The longest text a scan reads (a message is at most this long; more is not looked at). */
const SCAN_MAX = 5000;
/** Phone candidates checked per message at most (a text of digits costs no more than this). */
const PHONE_CANDIDATES_MAX = 12;

/**
 * A pattern written with `\\b` and `\\w` read for every script: JavaScript's `\\b` knows only
 * ASCII letters (`\\büberweis` would never match), so they become Unicode letter boundaries.
 */
function words(pattern: RegExp): RegExp {
  const letter = '[\\p{L}\\p{N}_]';
  let source = pattern.source.replaceAll('\\w', letter);
  // a boundary before the first word and after the last is a one-sided look (cheap)
  if (source.startsWith('\\b')) source = `(?<!${letter})${source.slice(2)}`;
  if (source.endsWith('\\b')) source = `${source.slice(0, -2)}(?!${letter})`;
  source = source.replaceAll('\\b', `(?:(?<!${letter})(?=${letter})|(?<=${letter})(?!${letter}))`);
  return new RegExp(source, 'u');
}

// ------------------------------------------------------------------ the patterns (data)

/**
 * An amount of money: a number with a currency (sign or word, before or after it), in the seven
 * languages' currencies and words (lower-cased text).
 */
export const MONEY_AMOUNT =
  /(?:[€$£]\s?\d[\d.,]*|\d[\d.,]*\s?(?:[€$£]|eur(?:o|os)?\b|euro's|dollars?\b|dólares\b|dollari\b|pounds?\b|pond\b|zł|złotych\b|zloty\b|pln\b|usd\b|gbp\b|franken\b|francs?\b|chf\b))/u;

/**
 * Asking for money (lower-cased text): a request to send, transfer, lend or pay, in each
 * language; with an amount (MONEY_AMOUNT) or an IBAN it is a payment request. The money
 * services scammers name are a payment request on their own (PAYMENT_SERVICES).
 */
export const MONEY_REQUEST_PATTERNS: readonly RegExp[] = [
  // nl
  words(
    /\b(stuur (me|mij|je)|maak\b.{0,40}\bover|overmaken|overmaakt|leen (me|mij)|lenen|storten|stort|nodig)\b/u,
  ),
  // en
  words(
    /\b(send me|wire me|wire|transfer|lend me|loan me|borrow|can you pay|pay for my|deposit|i need)\b/u,
  ),
  // de
  words(/\b(schick mir|schicke mir|sende mir|überweis\w*|leih mir|leihen|brauche)\b/u),
  // es
  words(/\b(envíame|enviame|mándame|transfiere|transferencia|préstame|prestar|necesito)\b/u),
  // fr
  words(/\b(envoie[- ]moi|envoyez[- ]moi|vire[- ]moi|virement|prête[- ]moi|prêter|besoin)\b/u),
  // it
  words(/\b(mandami|inviami|bonifico|prestami|prestare|ricarica|ho bisogno)\b/u),
  // pl
  words(/\b(wyślij mi|przelej|przelew|pożycz mi|pożyczyć|potrzebuję)\b/u),
];

/** Money services scammers ask to be paid through: a payment request without an amount too. */
export const PAYMENT_SERVICES = words(
  /\b(western union|moneygram|paypal\.me|tikkie|bizum|blik|ria money|worldremit|remitly|wise\.com|cash ?app|venmo|zelle)\b/u,
);

/** Gift cards and prepaid vouchers, in the seven languages (lower-cased text). */
export const GIFT_CARD_PATTERNS: readonly RegExp[] = [
  words(
    /\b(gift ?cards?|itunes ?(card|kaart|karte|carte|tarjeta)?|google play ?(card|kaart|karte|carte|code)|steam ?(card|kaart|karte|wallet)|amazon ?(card|kaart|karte|gutschein|voucher)|paysafe ?cards?|neosurf|vanilla ?(card|visa)|apple ?(card|gift))\b/u,
  ),
  words(/\b(cadeaukaart\w*|cadeaubon\w*|waardebon\w*|tegoedbon\w*)\b/u),
  words(/\b(geschenkkarte\w*|gutschein\w*|guthabenkarte\w*)\b/u),
  words(/\b(tarjetas? (de )?regalo|vales? de regalo)\b/u),
  words(/\b(cartes? cadeaux?|bons? d'achat)\b/u),
  words(/\b(carte? regalo|buoni regalo|buono regalo)\b/u),
  words(/(kart\w* podarunkow\w*|bon\w* podarunkow\w*|doładowani\w*)/u),
];

/** Crypto: a wallet address (Bitcoin, Ethereum, Tron) or the words, lower-cased text. */
export const CRYPTO_PATTERNS: readonly RegExp[] = [
  words(
    /(?<![\p{L}\p{N}])(?:bc1[02-9ac-hj-np-z]{25,59}|[13][1-9a-hj-np-za-km-z]{25,34}|0x[0-9a-f]{40}|t[1-9a-hj-np-za-km-z]{33})(?![\p{L}\p{N}])/u,
  ),
  words(
    /\b(bitcoins?|btc|usdt|tether|ethereum|eth wallet|crypto ?(wallet|currency|munt|munten|währung|monnaie|moneda|valuta|waluta)|cryptocurrenc\w*|cryptomunt\w*|kryptowährung\w*|cryptomonnaie\w*|criptomoned\w*|criptovalut\w*|kryptowalut\w*|binance|coinbase|wallet ?address|walletadres)\b/u,
  ),
];

/**
 * Romance scammers' known phrasings, in the seven languages (lower-cased text): leaving the site
 * for another app, being stuck abroad, an emergency that needs money, customs and fees, an
 * inheritance or an investment, secrecy. Deliberately specific: a hit warns the recipient.
 */
export const SCAM_PHRASE_PATTERNS: readonly RegExp[] = [
  // nl
  words(
    /\b(laten we (verder )?(praten|chatten) (op|via) (whatsapp|telegram|hangouts|signal)|stuur me je (whatsapp|nummer)|vast(zitten|gezeten)? op (het )?vliegveld|douanekosten|invoerrechten|erfenis|investeringskans|beleggingskans|vertel het aan niemand|mijn rekening is geblokkeerd|ik zit op een booreiland|ik ben soldaat in|vliegticket betalen)\b/u,
  ),
  // en
  words(
    /\b(let'?s (talk|chat|continue) on (whatsapp|telegram|hangouts|signal|google chat)|stuck at the airport|customs (fee|fees|charges)|my inheritance|investment opportunit\w*|don'?t tell anyone|my account (is|has been) (frozen|blocked)|on an oil rig|deployed in|peacekeeping mission|pay for my (ticket|flight|visa)|hospital bills?|un doctor)\b/u,
  ),
  // de
  words(
    /\b(lass uns (auf|über|per) (whatsapp|telegram|hangouts|signal)|am flughafen fest\w*|zollgebühr\w*|mein erbe|erbschaft|investitionsmöglichkeit\w*|sag es niemandem|mein konto (ist )?gesperrt|auf einer bohrinsel|flugticket bezahlen|krankenhausrechnung\w*)\b/u,
  ),
  // es
  words(
    /\b(hablemos (por|en) (whatsapp|telegram|hangouts|signal)|atrapad[oa] en el aeropuerto|tasas de aduana|gastos de aduana|mi herencia|oportunidad de inversión|no se lo digas a nadie|mi cuenta (está )?bloqueada|plataforma petrolera|pagar (mi|el) billete|facturas del hospital)\b/u,
  ),
  // fr
  words(
    /(parlons (sur|par) (whatsapp|telegram|hangouts|signal)|bloquée? à l'aéroport|frais de douane|mon héritage|opportunité d'investissement|ne le dis à personne|mon compte est bloqué|plateforme pétrolière|payer (mon|le) billet|factures? d'hôpital)/u,
  ),
  // it
  words(
    /\b(parliamo (su|via) (whatsapp|telegram|hangouts|signal)|bloccat[oa] in aeroporto|bloccat[oa] all'aeroporto|spese doganali|la mia eredità|opportunità di investimento|non dirlo a nessuno|il mio conto è bloccato|piattaforma petrolifera|pagare il biglietto|spese ospedaliere)/u,
  ),
  // pl
  words(
    /(porozmawiajmy (na|przez) (whatsapp|telegram|hangouts|signal)|utknął\w* na lotnisku|utknęła\w* na lotnisku|opłat\w* celn\w*|mój spadek|spadek po|okazja inwestycyjna|nie mów nikomu|moje konto (jest )?zablokowane|na platformie wiertniczej|zapłacić za bilet|rachunki? za szpital)/u,
  ),
];

// ------------------------------------------------------------------ the scan

/** A run that could be a phone number: digits with spaces, dots, dashes, slashes, brackets. */
const PHONE_RUN = /(?<![\p{L}\p{N}+])(?:\+|00|0|\()?\d[\d\s()./-]{5,22}\d/gu;
/** A run that could be an IBAN: a country code, two check digits, then the account. */
const IBAN_RUN = /\b[a-z]{2}\d{2}(?:[ ]?[a-z0-9]){10,30}\b/giu;
const DIGIT = /\d/g;
/** A date (12-03-1989, 1/2/2026, 12.03.89) is not a phone number. */
const DATE = /^\d{1,4}[-./]\d{1,2}[-./]\d{1,4}$/u;
/** E-mail addresses, taken out before links are looked for (an address is not a link too). */
const EMAILS = /[^\s@]+@[^\s@]+/gu;

/** A link worth a warning: a scheme, `www.`, or a host with a path or a familiar ending. */
const LINK =
  /(?:\b(?:https?|ftp):\/\/|\bwww\.|(?:[\p{L}\p{N}-]+\.)+(?:com|net|org|nl|be|de|fr|es|it|pl|eu|uk|co|io|me|ly|info|biz|ru|app|link|xyz|top|online|site|club|shop|live|vip|cc|to|gg|tk|ml|ga|cf|ch|at|us)\b(?!\.[\p{L}])|\bt\.me\/|\bwa\.me\/)/u;

const PHONE_COUNTRIES: readonly PhoneCountry[] = SUPPORTED_COUNTRIES;

function hasPhoneNumber(text: string): boolean {
  PHONE_RUN.lastIndex = 0;
  let checked = 0;
  for (const match of text.matchAll(PHONE_RUN)) {
    const run = match[0];
    const count = run.match(DIGIT)?.length ?? 0;
    // without a trunk or country prefix, a number is read as one of nine to eleven digits (a
    // count of steps, a price, an order number or a timestamp is not)
    const prefixed = /^[+0(]/u.test(run);
    if (count < (prefixed ? 7 : 9) || (!prefixed && count > 11) || DATE.test(run)) continue;
    if (++checked > PHONE_CANDIDATES_MAX) break;
    const international = run.startsWith('+') || run.startsWith('00');
    const candidates = international ? [undefined] : PHONE_COUNTRIES;
    for (const country of candidates) {
      const number = parsePhoneNumberFromString(
        international && run.startsWith('00') ? `+${run.slice(2)}` : run,
        country,
      );
      if (number && number.nationalNumber.length >= 7 && number.isValid()) return true;
    }
  }
  return false;
}

/** The text without its valid IBANs (their digits are no phone number), and whether it had one. */
function withoutIbans(text: string): { rest: string; found: boolean } {
  let found = false;
  const rest = text.replace(IBAN_RUN, (run) => {
    const iban = electronicFormatIBAN(run);
    if (!iban || !isValidIBAN(iban)) return run;
    found = true;
    return ' ';
  });
  return { rest, found };
}

const any = (patterns: readonly RegExp[], lower: string) => patterns.some((p) => p.test(lower));

/**
 * The categories a message's text hits, in SCAM_CATEGORIES' order; empty for an ordinary
 * message (ages, heights, times, prices of a drink are not). Pure and synchronous.
 */
export function scanMessage(text: string | null | undefined): ScamCategory[] {
  if (!text) return [];
  const raw = text.length > SCAN_MAX ? text.slice(0, SCAN_MAX) : text;
  const lower = raw.toLocaleLowerCase();
  const hits = new Set<ScamCategory>();
  const digits = (raw.match(DIGIT)?.length ?? 0) >= 7;
  const ibans = digits ? withoutIbans(raw) : { rest: raw, found: false };
  if (ibans.found) hits.add('iban');
  if (digits && hasPhoneNumber(ibans.rest)) hits.add('phone');
  const email = raw.includes('@') && linkableKind(raw) === 'email';
  if (email) hits.add('email');
  if (LINK.test(email ? lower.replace(EMAILS, ' ') : lower)) hits.add('link');
  const asks = any(MONEY_REQUEST_PATTERNS, lower);
  if (PAYMENT_SERVICES.test(lower) || (asks && (MONEY_AMOUNT.test(lower) || hits.has('iban')))) {
    hits.add('payment_request');
  }
  if (any(GIFT_CARD_PATTERNS, lower)) hits.add('gift_card');
  if (any(CRYPTO_PATTERNS, lower)) hits.add('crypto');
  if (any(SCAM_PHRASE_PATTERNS, lower)) hits.add('scam_phrase');
  return SCAM_CATEGORIES.filter((category) => hits.has(category));
}

/** What a message's hits add to its sender's risk score. */
export const scamScore = (categories: readonly ScamCategory[]) =>
  categories.reduce((sum, category) => sum + SCAM_WEIGHTS[category], 0);
