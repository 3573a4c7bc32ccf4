import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOwnProfile } from '../api/profile';
import { serverErrorText } from '../../../api/server-error';
import { usePageTitle } from '../../../components/usePageTitle';
import { PhotoManager } from '../../photos';
import { ProfileEditor } from '../components/ProfileEditor';

/** /profile: the member's photos and the editor of every profile field. */
export function ProfilePage() {
  const { t } = useTranslation();
  usePageTitle(t('profileEditor.title'));
  const profile = useOwnProfile();

  return (
    <section
      className="container py-4 py-md-5 profile-editor"
      aria-labelledby="profile-editor-title"
    >
      <header className="mb-4">
        <h1 className="h3 mb-1" id="profile-editor-title">
          {t('profileEditor.title')}
        </h1>
        <p className="text-body-secondary mb-0">{t('profileEditor.intro')}</p>
      </header>
      <PhotoManager />
      <Link
        to="/profile/verify"
        className="card border-0 shadow-sm rounded-4 mb-3 mb-lg-4 text-reset text-decoration-none"
        data-testid="verify-link"
      >
        <div className="card-body d-flex align-items-center gap-3 p-3 p-md-4">
          <span className="fs-2" aria-hidden="true">
            🤳
          </span>
          <span>
            <span className="d-block fw-semibold text-primary">
              {t('verification.profileLink')}
            </span>
            <span className="small text-body-secondary">{t('verification.profileLinkText')}</span>
          </span>
        </div>
      </Link>
      {profile.isPending ? (
        <ProfileSkeleton />
      ) : profile.isError ? (
        <div className="card border-0 shadow-sm rounded-4" role="alert">
          <div className="card-body p-4 p-md-5 text-center">
            <div className="profile-editor__state-icon mx-auto mb-3" aria-hidden="true">
              😕
            </div>
            <h2 className="h5">{t('profileEditor.loadFailed')}</h2>
            <p className="text-body-secondary">{serverErrorText(profile.error, t)}</p>
            <button
              type="button"
              className="btn btn-primary rounded-pill px-4"
              onClick={() => void profile.refetch()}
              disabled={profile.isFetching}
            >
              {t('common.retry')}
            </button>
          </div>
        </div>
      ) : (
        <ProfileEditor key={profile.data.id} profile={profile.data} />
      )}
    </section>
  );
}

/** The shapes of the editor's cards while the profile loads. */
function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="d-grid gap-3 gap-lg-4" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('profileEditor.loading')}
      </span>
      {[4, 3, 5].map((lines, card) => (
        <div key={card} className="card border-0 shadow-sm rounded-4" aria-hidden="true">
          <div className="card-body p-4">
            <span
              className="skeleton skeleton--line mb-4"
              style={{ width: '30%', height: '1.25rem' }}
            />
            <div className="row g-3">
              {Array.from({ length: lines }, (_, i) => (
                <div key={i} className="col-12 col-md-6">
                  <span className="skeleton skeleton--line mb-2" style={{ width: '40%' }} />
                  <span className="skeleton" style={{ height: '2.5rem' }} />
                </div>
              ))}
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
