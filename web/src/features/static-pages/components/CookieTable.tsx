import { Fragment } from 'react';
import { SITE_COOKIES, type SiteCookie } from '@app/contract';
import { usePagesT } from '../i18n';

function lifetime(cookie: SiteCookie, language: string, t: (key: string) => string): string {
  if (cookie.days === null) return t('cookies.lifetime.untilCleared');
  if (cookie.days === 0) return t('cookies.lifetime.session');
  const [value, unit] = cookie.days < 1 ? [cookie.days * 24, 'hour'] : [cookie.days, 'day'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'long' }).format(
    value,
  );
}

/** A long key name, breakable only after its separators (signup_ / tracking). */
function breakable(name: string) {
  return name.split(/(?<=[_.:-])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/**
 * Every cookie and storage key of the site (contract SITE_COOKIES): name, kind, category, purpose
 * and lifetime. On a phone each row stacks into a card (the labels come from data-label).
 */
export function CookieTable() {
  const { t, language } = usePagesT();
  const columns = {
    name: t('cookies.table.name'),
    kind: t('cookies.table.kind'),
    category: t('cookies.table.category'),
    purpose: t('cookies.table.purpose'),
    lifetime: t('cookies.table.lifetime'),
  };
  return (
    <div className="static-page__cookies mb-4">
      <table
        className="table table-sm align-top static-page__cookie-table"
        data-testid="cookie-table"
      >
        <caption className="visually-hidden">{t('cookies.table.caption')}</caption>
        <thead>
          <tr>
            {Object.values(columns).map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SITE_COOKIES.map((cookie) => (
            <tr key={cookie.name} data-testid="cookie-row">
              <th scope="row" data-label={columns.name}>
                <code>{breakable(cookie.perMember ? `${cookie.name}:…` : cookie.name)}</code>
              </th>
              <td data-label={columns.kind}>
                <span>{t(`cookies.kind.${cookie.kind}`)}</span>
              </td>
              <td data-label={columns.category}>
                <span>
                  {t(`cookies.category.${cookie.category}`)}
                  {cookie.staffOnly && (
                    <span className="d-block small text-body-secondary">
                      {t('cookies.staffOnly')}
                    </span>
                  )}
                </span>
              </td>
              <td data-label={columns.purpose}>
                <span>{t(cookie.purpose)}</span>
              </td>
              <td data-label={columns.lifetime}>
                <span>{lifetime(cookie, language, t)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
