import type { SandboxPayment } from '../../../generated/prisma/client';
import { SANDBOX_CARD_COUNTRIES, SANDBOX_IDEAL_BANKS } from './sandbox.provider';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const METHOD_NAMES: Record<string, string> = {
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  creditcard: 'Creditcard',
  applepay: 'Apple Pay',
  paypal: 'PayPal',
  paysafecard: 'paysafecard',
  banktransfer: 'Bankoverschrijving',
  directdebit: 'Automatische incasso',
  eps: 'EPS',
  przelewy24: 'Przelewy24',
  blik: 'BLIK',
};

const STATUS_NAMES: Record<string, string> = {
  open: 'open',
  pending: 'in behandeling',
  paid: 'betaald',
  failed: 'mislukt',
  canceled: 'geannuleerd',
  expired: 'verlopen',
};

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f3f0f8;color:#1f1b2d}
main{max-width:30rem;margin:0 auto;padding:1.5rem 1rem}
.banner{background:#fff3cd;color:#664d03;border-radius:.75rem;padding:.75rem 1rem;margin-bottom:1rem;font-size:.95rem}
.card{background:#fff;border-radius:1rem;box-shadow:0 .25rem 1rem rgba(0,0,0,.08);padding:1.5rem}
h1{font-size:1.35rem;margin:0 0 1rem}h2{font-size:1.05rem;margin:1.5rem 0 .5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0 0 1rem}dt{color:#595369}dd{margin:0;font-weight:600}
.amount{font-size:2rem;font-weight:700;margin:.25rem 0 1rem}
form{margin:0}.actions{display:grid;gap:.6rem}
button{font:inherit;border:0;border-radius:2rem;padding:.75rem 1rem;cursor:pointer;width:100%;font-weight:600}
button:focus-visible,select:focus-visible,input:focus-visible{outline:3px solid #6f42c1;outline-offset:2px}
.paid{background:#146c43;color:#fff}.failed{background:#b02a37;color:#fff}.neutral{background:#e9e5f1;color:#1f1b2d}
label{display:block;font-weight:600;margin-bottom:.35rem}select,input{font:inherit;width:100%;padding:.6rem .75rem;border:1px solid #8a8499;border-radius:.5rem;margin-bottom:1rem}
a{color:#5a32a3}
`;

/** The sandbox checkout page: a small server-rendered form (no script). */
export function renderSandboxCheckout(row: SandboxPayment): string {
  const amount = new Intl.NumberFormat('nl-NL', {
    style: 'currency',
    currency: row.currency,
  }).format(row.amountCents / 100);
  const method = METHOD_NAMES[row.method] ?? row.method;
  const status = STATUS_NAMES[row.status] ?? row.status;
  const button = (action: string, label: string, kind: string) =>
    `<button type="submit" name="action" value="${action}" class="${kind}">${escape(label)}</button>`;
  let body: string;
  if (row.status === 'open' || row.status === 'pending') {
    const who = row.status === 'pending' ? 'De bank' : 'De betaler';
    const bankChoice =
      row.method === 'ideal'
        ? `<label for="bank">Kies je bank</label><select id="bank" name="bank">${SANDBOX_IDEAL_BANKS.map(
            (bank) => `<option>${escape(bank)}</option>`,
          ).join('')}</select>`
        : '';
    const cardCountry =
      row.method === 'creditcard' || row.method === 'applepay'
        ? `<label for="card_country">Land van de kaart</label><select id="card_country" name="card_country">${SANDBOX_CARD_COUNTRIES.map(
            (code) => `<option>${escape(code)}</option>`,
          ).join('')}</select>`
        : '';
    const declining =
      row.sequenceType === 'first' && (row.method === 'creditcard' || row.method === 'applepay')
        ? button(
            'paid_declines_later',
            'Betaald, maar de kaart weigert latere afschrijvingen',
            'neutral',
          )
        : '';
    body = `<h2>${who} kiest de uitkomst</h2>
<form method="post" class="actions">${bankChoice}${cardCountry}
${button('paid', 'Betaald', 'paid')}${declining}
${button('failed', 'Mislukt', 'failed')}
${row.status === 'open' ? button('canceled', 'Geannuleerd', 'neutral') : ''}
${button('expired', 'Verlopen', 'neutral')}
${button('open', row.status === 'open' ? 'Open laten en teruggaan' : 'Nog in behandeling laten', 'neutral')}
</form>`;
  } else if (row.status === 'paid') {
    const money = (cents: number) =>
      new Intl.NumberFormat('nl-NL', { style: 'currency', currency: row.currency }).format(
        cents / 100,
      );
    const reversals = (
      row.reversals as { ref: string; kind: string; amount_cents: number; status?: string }[]
    )
      .map((r) => {
        const what = `${r.kind === 'refund' ? 'Terugbetaling' : 'Chargeback'}: ${escape(money(r.amount_cents))}`;
        if (r.status) return `<li>${what} (${escape(STATUS_NAMES[r.status] ?? r.status)})</li>`;
        // a refund can still fail or be cancelled later, as at Mollie
        const later =
          r.kind === 'refund'
            ? `<form method="post" class="actions"><input type="hidden" name="refund" value="${escape(r.ref)}">
${button('refund_failed', `Terugbetaling van ${money(r.amount_cents)} mislukt`, 'failed')}
${button('refund_canceled', `Terugbetaling van ${money(r.amount_cents)} geannuleerd`, 'neutral')}
</form>`
            : '';
        return `<li>${what}${later}</li>`;
      })
      .join('');
    body = `<h2>Dashboard van de provider</h2>
${reversals ? `<ul>${reversals}</ul>` : ''}
<form method="post" class="actions">
<label for="amount_cents">Bedrag in centen (leeg: alles)</label>
<input id="amount_cents" name="amount_cents" inputmode="numeric" autocomplete="off">
${button('refund', 'Terugbetalen', 'neutral')}
${button('chargeback', 'Chargeback door de bank', 'failed')}
</form>`;
  } else {
    body = '<p>Deze betaling is afgerond.</p>';
  }
  const back = row.redirectUrl
    ? `<p><a href="${escape(row.redirectUrl)}">Terug naar de winkel</a></p>`
    : '';
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox-betaling ${escape(amount)}</title><style>${STYLE}</style></head>
<body><main>
<p class="banner" role="note">Sandbox-betaalprovider: er wordt geen echt geld afgeschreven.</p>
<div class="card">
<h1>Betalen aan Vonkje</h1>
<p class="amount">${escape(amount)}</p>
<dl><dt>Omschrijving</dt><dd>${escape(row.description)}</dd><dt>Betaalmethode</dt><dd>${escape(method)}</dd><dt>Status</dt><dd>${escape(status)}</dd>${
    row.bank ? `<dt>Bank</dt><dd>${escape(row.bank)}</dd>` : ''
  }</dl>
${body}
${back}
</div></main></body></html>`;
}
