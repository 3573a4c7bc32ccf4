import { NavLink } from 'react-router';
import { useAdminTranslation } from '../../shared/i18n';

/** The inspection area's desks: photos, profile texts and verification selfies (admin/features/verification). */
export function InspectionTabs() {
  const { t } = useAdminTranslation();
  return (
    <nav className="nav nav-pills mb-3" aria-label={t('inspection.desks')}>
      <NavLink end to="/admin/inspection" className="nav-link">
        {t('inspection.photosTab')}
      </NavLink>
      <NavLink to="/admin/inspection/texts" className="nav-link">
        {t('inspection.textsTab')}
      </NavLink>
      <NavLink to="/admin/inspection/verification" className="nav-link">
        {t('inspection.verificationTab')}
      </NavLink>
    </nav>
  );
}
