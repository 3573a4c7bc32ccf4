import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANONYMOUS_NOTICE_CATEGORIES,
  NOTICE_CATEGORIES,
  NOTICE_EXPLANATION_MAX,
  type NoticeCategory,
  type NoticeResponse,
} from '@app/contract';
import { useUser } from '../../../api/user';
import { usePageTitle } from '../../../components/usePageTitle';
import { sendNotice } from '../api/decisions';

/**
 * /report: a notice of illegal content (DSA art. 16), open to visitors: the reason, the exact
 * location (the profile's or photo's address), an explanation, name and e-mail (not needed for
 * child sexual abuse material) and a statement of good faith. Acknowledged on screen and by mail.
 */
export function ReportPage() {
  const { t } = useTranslation();
  usePageTitle(t('pages.report'));
  const { user } = useUser();
  const [category, setCategory] = useState<NoticeCategory>('illegal_content');
  const [location, setLocation] = useState('');
  const [explanation, setExplanation] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<NoticeResponse['notice'] | null>(null);
  const contactOptional = !!user || ANONYMOUS_NOTICE_CATEGORIES.includes(category);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!goodFaith) {
      setError(t('report.goodFaithRequired'));
      return;
    }
    setBusy(true);
    try {
      const res = await sendNotice({
        category,
        location,
        explanation,
        ...(name.trim() ? { name } : {}),
        ...(email.trim() ? { email } : {}),
        good_faith: true,
      });
      setDone(res.notice);
    } catch (e) {
      setError(e instanceof Error ? e.message : t('decisions.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="container py-4 py-md-5" aria-labelledby="report-title">
      <div className="row justify-content-center">
        <div className="col-12 col-lg-8">
          <div className="card border-0 shadow-sm rounded-4">
            <div className="card-body p-4">
              <h1 className="h3" id="report-title">
                {t('report.title')}
              </h1>
              {done ? (
                <div role="status" className="alert alert-success mb-0">
                  <p className="fw-semibold mb-1">{t('report.thanks')}</p>
                  <p className="mb-0">{t('report.received', { number: done.id })}</p>
                </div>
              ) : (
                <form onSubmit={submit} noValidate className="d-grid gap-3">
                  <p className="text-body-secondary mb-0">{t('report.intro')}</p>
                  <div>
                    <label className="form-label fw-semibold" htmlFor="report-category">
                      {t('report.category')}
                    </label>
                    <select
                      id="report-category"
                      className="form-select"
                      value={category}
                      onChange={(e) => setCategory(e.target.value as NoticeCategory)}
                    >
                      {NOTICE_CATEGORIES.map((c) => (
                        <option key={c} value={c}>
                          {t(`report.categories.${c}`)}
                        </option>
                      ))}
                    </select>
                  </div>
                  <div>
                    <label className="form-label fw-semibold" htmlFor="report-location">
                      {t('report.location')}
                    </label>
                    <input
                      id="report-location"
                      className="form-control"
                      required
                      maxLength={500}
                      placeholder="https://…/members/123"
                      aria-describedby="report-location-help"
                      value={location}
                      onChange={(e) => setLocation(e.target.value)}
                    />
                    <p className="form-text" id="report-location-help">
                      {t('report.locationHelp')}
                    </p>
                  </div>
                  <div>
                    <label className="form-label fw-semibold" htmlFor="report-explanation">
                      {t('report.explanation')}
                    </label>
                    <textarea
                      id="report-explanation"
                      className="form-control"
                      rows={4}
                      required
                      maxLength={NOTICE_EXPLANATION_MAX}
                      value={explanation}
                      onChange={(e) => setExplanation(e.target.value)}
                    />
                  </div>
                  {!user && (
                    <div className="row g-3">
                      <div className="col-12 col-md-6">
                        <label className="form-label fw-semibold" htmlFor="report-name">
                          {t('report.name')}
                          {contactOptional && ` ${t('report.optional')}`}
                        </label>
                        <input
                          id="report-name"
                          className="form-control"
                          autoComplete="name"
                          value={name}
                          onChange={(e) => setName(e.target.value)}
                        />
                      </div>
                      <div className="col-12 col-md-6">
                        <label className="form-label fw-semibold" htmlFor="report-email">
                          {t('report.email')}
                          {contactOptional && ` ${t('report.optional')}`}
                        </label>
                        <input
                          id="report-email"
                          type="email"
                          className="form-control"
                          autoComplete="email"
                          value={email}
                          onChange={(e) => setEmail(e.target.value)}
                        />
                      </div>
                    </div>
                  )}
                  <div className="form-check">
                    <input
                      id="report-good-faith"
                      type="checkbox"
                      className="form-check-input"
                      checked={goodFaith}
                      onChange={(e) => setGoodFaith(e.target.checked)}
                    />
                    <label className="form-check-label" htmlFor="report-good-faith">
                      {t('report.goodFaith')}
                    </label>
                  </div>
                  {error && (
                    <p className="text-danger mb-0" role="alert">
                      {error}
                    </p>
                  )}
                  <div>
                    <button type="submit" className="btn btn-primary" disabled={busy}>
                      {t('report.send')}
                    </button>
                  </div>
                </form>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
