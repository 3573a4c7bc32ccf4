import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { mayUse, staffMeQueryOptions } from '../shared/api';
import { AdminEmpty, AdminPage } from '../shared/components';
import { useAdminTranslation } from '../shared/i18n';
import { ADMIN_AREAS } from './areas';

/** The console's landing page: the areas this staff member works in. */
export function AdminHomePage() {
  const { t } = useAdminTranslation();
  const staff = useQuery(staffMeQueryOptions()).data?.staff;
  if (!staff) return null;
  const areas = ADMIN_AREAS.filter((area) => area.path !== '' && mayUse(staff.roles, area.roles));
  const roles = staff.roles.map((role) => t(`app.roles.${role}`)).join(', ');
  return (
    <AdminPage
      title={t('app.home.title', { name: staff.name ?? staff.email })}
      intro={t('app.home.intro', { roles })}
    >
      {areas.length === 0 ? (
        <AdminEmpty>{t('app.home.noAreas')}</AdminEmpty>
      ) : (
        <ul className="admin-tiles list-unstyled row g-3">
          {areas.map((area) => (
            <li className="col-12 col-md-6 col-xl-4" key={area.key}>
              <Link to={`/admin/${area.path}`} className="card admin-tile h-100 text-reset">
                <span className="card-body">
                  <span className="admin-tile__icon" aria-hidden="true">
                    {area.icon}
                  </span>
                  <span className="h5 d-block mt-2 mb-1">{t(`app.areas.${area.key}.name`)}</span>
                  <span className="text-body-secondary">
                    {t(`app.areas.${area.key}.description`)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

/** An unknown console address. */
export function AdminNotFoundPage() {
  const { t } = useAdminTranslation();
  return (
    <AdminPage title={t('app.notFound.title')} intro={t('app.notFound.text')}>
      <Link to="/admin" className="btn btn-primary">
        {t('app.notFound.home')}
      </Link>
    </AdminPage>
  );
}
