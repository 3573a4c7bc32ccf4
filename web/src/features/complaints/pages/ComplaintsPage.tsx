import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { ComplaintForm } from '../components/ComplaintForm';
import { complaintTarget } from '../complaint-target';

/**
 * /complaints: a complaint about a member, a photo, a message or the site. The report buttons
 * open it with the member (and photo or message) in the query string; visitors leave a name and
 * an e-mail address to be answered at.
 */
export function ComplaintsPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.complaints'));
  const [params] = useSearchParams();
  const { user, isPending } = useUser();
  const search = params.toString();
  return (
    <section className="container py-4 py-md-5 complaints-page">
      <div className="row g-4 justify-content-center">
        <div className="col-12 col-lg-8">
          {isPending ? (
            <div className="card border-0 shadow-sm rounded-4 p-5 text-center" role="status">
              <span className="spinner-border text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('complaints.loading')}</span>
            </div>
          ) : (
            // a new report button's query starts a new complaint
            <ComplaintForm key={search} target={complaintTarget(params)} visitor={!user} />
          )}
        </div>
        <aside className="col-12 col-lg-4" aria-labelledby="complaints-tips">
          <Tips />
        </aside>
      </div>
    </section>
  );
}

/** Beside the form: what to do in danger, and blocking. */
function Tips() {
  const { t } = useTranslation();
  return (
    <div className="card border-0 shadow-sm rounded-4 complaints-tips">
      <div className="card-body p-4">
        <h2 className="h5 mb-3" id="complaints-tips">
          {t('complaints.tipsTitle')}
        </h2>
        <ul className="list-unstyled d-grid gap-3 mb-0 small">
          <li className="d-flex gap-2">
            <span aria-hidden="true">🚨</span>
            <span>{t('complaints.tipDanger')}</span>
          </li>
          <li className="d-flex gap-2">
            <span aria-hidden="true">🛡️</span>
            <span>{t('complaints.tipBlock')}</span>
          </li>
          <li className="d-flex gap-2">
            <span aria-hidden="true">🔒</span>
            <span>{t('complaints.tipMoney')}</span>
          </li>
        </ul>
      </div>
    </div>
  );
}
