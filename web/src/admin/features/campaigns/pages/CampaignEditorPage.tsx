import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_BODY_MAX,
  CAMPAIGN_CONSENTS,
  CAMPAIGN_SUBJECT_MAX,
  SUPPORTED_COUNTRIES,
  SUPPORTED_LANGUAGES,
  type CampaignAudience,
  type CampaignConsent,
  type CampaignContent,
  type CampaignPreview,
  type Language,
  type StaffCampaign,
} from '@app/contract';
import {
  AdminError,
  AdminField,
  AdminLoading,
  AdminPage,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  audienceSize,
  campaignKey,
  campaignOptions,
  campaignsKey,
  cancelCampaign,
  previewCampaign,
  saveCampaign,
  scheduleCampaign,
  testCampaign,
} from '../api/campaigns';
import { localInputValue, useDateTime } from './format';
import '../campaigns.scss';

const GENDERS = ['male', 'female'] as const;
const PREMIUM = ['any', 'premium', 'free'] as const;

const EMPTY_AUDIENCE: CampaignAudience = {
  countries: [],
  languages: [],
  genders: [],
  premium: 'any',
  active_within_days: null,
  inactive_for_days: null,
};

/** Admins: a new campaign (`/admin/campaigns/new`) or one to edit, try, schedule or cancel. */
export function CampaignEditorPage() {
  const { t } = useAdminTranslation();
  const param = useParams().id;
  const id = param === 'new' || !param ? null : Number(param);
  const query = useQuery({ ...campaignOptions(id ?? 0), enabled: id !== null });
  return (
    <AdminPage
      title={id === null ? t('campaigns.new') : (query.data?.campaign.name ?? t('campaigns.title'))}
      intro={t('campaigns.editorIntro')}
      actions={
        <Link to="/admin/campaigns" className="btn btn-outline-secondary btn-sm">
          ← {t('campaigns.back')}
        </Link>
      }
    >
      {id === null ? (
        <CampaignEditor key="new" campaign={null} />
      ) : query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CampaignEditor key={query.data.campaign.id} campaign={query.data.campaign} />
      )}
    </AdminPage>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `campaign-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className="card card-body mb-3" aria-labelledby={id}>
      <h2 className="h5" id={id}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A message of the last action: done (status) or refused (alert). */
type Notice = { kind: 'done' | 'error'; text: string } | null;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function CampaignEditor({ campaign }: { campaign: StaffCampaign | null }) {
  const { t } = useAdminTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const editable = campaign === null || campaign.status === 'draft';
  const [name, setName] = useState(campaign?.name ?? '');
  const [consent, setConsent] = useState<CampaignConsent>(campaign?.consent ?? 'promotions');
  const [content, setContent] = useState<CampaignContent>(
    campaign?.content ?? { nl: { subject: '', body: '' } },
  );
  const [audience, setAudience] = useState<CampaignAudience>(campaign?.audience ?? EMPTY_AUDIENCE);
  const [language, setLanguage] = useState<Language>('nl');
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [size, setSize] = useState<number | null>(null);
  const [at, setAt] = useState(() => localInputValue(new Date()));
  // a new campaign's first save moves to its own address, a new editor: the notice travels along
  const [notice, setNotice] = useState<Notice>(() =>
    (location.state as { saved?: boolean } | null)?.saved
      ? { kind: 'done', text: t('campaigns.saved') }
      : null,
  );
  const arrivedSaved = (location.state as { saved?: boolean } | null)?.saved === true;
  useEffect(() => {
    // shown once: a reload of this address does not say it again
    if (arrivedSaved) void navigate('.', { replace: true, state: null });
  }, [arrivedSaved, navigate]);

  const text = content[language] ?? { subject: '', body: '' };
  const setText = (key: 'subject' | 'body', value: string) =>
    setContent((c) => ({
      ...c,
      [language]: { ...(c[language] ?? { subject: '', body: '' }), [key]: value },
    }));
  const setFilter = <K extends keyof CampaignAudience>(key: K, value: CampaignAudience[K]) => {
    setAudience((a) => ({ ...a, [key]: value }));
    setSize(null);
  };
  const toggle = <V extends string>(list: readonly V[], value: V): V[] =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  /** The texts as the server takes them: languages left empty are left out. */
  const filled = (): CampaignContent =>
    Object.fromEntries(
      Object.entries(content).filter(([, v]) => v && (v.subject.trim() || v.body.trim())),
    ) as CampaignContent;

  const refused = (error: unknown) => setNotice({ kind: 'error', text: errorText(error) });
  const changed = (answer: { campaign: StaffCampaign }) => {
    queryClient.setQueryData(campaignKey(answer.campaign.id), answer);
    void queryClient.invalidateQueries({ queryKey: campaignsKey });
  };

  const save = useMutation({
    mutationFn: () =>
      saveCampaign(campaign?.id ?? null, { name, consent, content: filled(), audience }),
    onSuccess: (answer) => {
      changed(answer);
      setNotice({ kind: 'done', text: t('campaigns.saved') });
      if (campaign === null)
        void navigate(`/admin/campaigns/${answer.campaign.id}`, {
          replace: true,
          state: { saved: true },
        });
    },
    onError: refused,
  });
  const showPreview = useMutation({
    mutationFn: () => previewCampaign({ language, subject: text.subject, body: text.body }),
    onSuccess: (answer) => {
      setPreview(answer);
      setNotice(null);
    },
    onError: refused,
  });
  const test = useMutation({
    mutationFn: () => testCampaign(campaign!.id, language),
    onSuccess: ({ to }) => setNotice({ kind: 'done', text: t('campaigns.testSent', { to }) }),
    onError: refused,
  });
  const count = useMutation({
    mutationFn: () => audienceSize(consent, audience),
    onSuccess: ({ members }) => setSize(members),
    onError: refused,
  });
  const schedule = useMutation({
    mutationFn: () => scheduleCampaign(campaign!.id, new Date(at).toISOString()),
    onSuccess: (answer) => {
      changed(answer);
      setNotice({ kind: 'done', text: t('campaigns.scheduled') });
    },
    onError: refused,
  });
  const cancel = useMutation({
    mutationFn: () => cancelCampaign(campaign!.id),
    onSuccess: (answer) => {
      changed(answer);
      setNotice({ kind: 'done', text: t('campaigns.cancelled') });
    },
    onError: refused,
  });
  const busy = save.isPending || test.isPending || schedule.isPending || cancel.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) save.mutate();
  };

  return (
    <form onSubmit={submit} noValidate className="admin-campaign">
      {notice && (
        <div
          className={`alert ${notice.kind === 'done' ? 'alert-success' : 'alert-danger'}`}
          role={notice.kind === 'done' ? 'status' : 'alert'}
        >
          {notice.text}
        </div>
      )}
      {campaign && (
        <Section title={t('campaigns.progress')}>
          <dl className="row mb-0 small">
            <dt className="col-6 col-md-3">{t('campaigns.status')}</dt>
            <dd className="col-6 col-md-3">{t(`campaigns.statuses.${campaign.status}`)}</dd>
            <dt className="col-6 col-md-3">{t('campaigns.scheduledAt')}</dt>
            <dd className="col-6 col-md-3">{dateTime(campaign.scheduled_at)}</dd>
            {(['selected', 'sent', 'skipped', 'bounced', 'unsubscribed'] as const).map((k) => (
              <div key={k} className="col-6 col-md-3 d-flex gap-2">
                <dt>{t(`campaigns.counts.${k}`)}</dt>
                <dd className="mb-0">{campaign.counts[k]}</dd>
              </div>
            ))}
          </dl>
        </Section>
      )}
      <fieldset disabled={!editable}>
        <Section title={t('campaigns.mail')}>
          <div className="row g-3">
            <AdminField
              label={t('campaigns.name')}
              className="col-12 col-md-6"
              value={name}
              maxLength={100}
              onChange={(e) => setName(e.target.value)}
            />
            <AdminSelect
              label={t('campaigns.consent')}
              className="col-12 col-md-6"
              value={consent}
              options={CAMPAIGN_CONSENTS.map((c) => ({
                value: c,
                label: t(`campaigns.consents.${c}`),
              }))}
              onChange={(v) => {
                setConsent(v as CampaignConsent);
                setSize(null);
              }}
            />
          </div>
          <p className="small text-body-secondary mt-2 mb-2">{t('campaigns.consentHint')}</p>
          <div
            role="group"
            aria-label={t('campaigns.languages')}
            className="admin-campaign__languages mb-2"
          >
            {SUPPORTED_LANGUAGES.map((l) => (
              <button
                key={l}
                type="button"
                className={`btn btn-sm ${l === language ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={l === language}
                onClick={() => {
                  setLanguage(l);
                  setPreview(null);
                }}
              >
                {l.toUpperCase()}
                {content[l]?.subject ? ' ✓' : ''}
              </button>
            ))}
          </div>
          <p className="small text-body-secondary">{t('campaigns.languageHint')}</p>
          <AdminField
            label={t('campaigns.subject', { language: language.toUpperCase() })}
            className="mb-3"
            value={text.subject}
            maxLength={CAMPAIGN_SUBJECT_MAX}
            onChange={(e) => setText('subject', e.target.value)}
          />
          <AdminField
            label={t('campaigns.body', { language: language.toUpperCase() })}
            className="mb-1"
          >
            {(fieldId) => (
              <textarea
                id={fieldId}
                className="form-control"
                rows={10}
                maxLength={CAMPAIGN_BODY_MAX}
                value={text.body}
                aria-describedby="campaign-body-hint"
                onChange={(e) => setText('body', e.target.value)}
              />
            )}
          </AdminField>
          <p className="small text-body-secondary" id="campaign-body-hint">
            {t('campaigns.bodyHint')}
          </p>
        </Section>
        <Section title={t('campaigns.audience')}>
          <fieldset className="mb-3">
            <legend className="form-label small fw-semibold">{t('campaigns.countries')}</legend>
            <div className="admin-campaign__choices">
              {SUPPORTED_COUNTRIES.map((c) => (
                <Check
                  key={c}
                  label={c}
                  checked={audience.countries.includes(c)}
                  onChange={() => setFilter('countries', toggle(audience.countries, c))}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label small fw-semibold">
              {t('campaigns.memberLanguages')}
            </legend>
            <div className="admin-campaign__choices">
              {SUPPORTED_LANGUAGES.map((l) => (
                <Check
                  key={l}
                  label={l.toUpperCase()}
                  checked={audience.languages.includes(l)}
                  onChange={() => setFilter('languages', toggle(audience.languages, l))}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="mb-3">
            <legend className="form-label small fw-semibold">{t('campaigns.genders')}</legend>
            <div className="admin-campaign__choices">
              {GENDERS.map((g) => (
                <Check
                  key={g}
                  label={t(`campaigns.gender.${g}`)}
                  checked={audience.genders.includes(g)}
                  onChange={() => setFilter('genders', toggle(audience.genders, g))}
                />
              ))}
            </div>
          </fieldset>
          <p className="small text-body-secondary">{t('campaigns.emptyMeansAll')}</p>
          <div className="row g-3">
            <AdminSelect
              label={t('campaigns.premium')}
              className="col-12 col-md-4"
              value={audience.premium}
              options={PREMIUM.map((p) => ({ value: p, label: t(`campaigns.premiums.${p}`) }))}
              onChange={(v) => setFilter('premium', v as CampaignAudience['premium'])}
            />
            <AdminField
              label={t('campaigns.activeWithin')}
              className="col-6 col-md-4"
              type="number"
              min={1}
              inputMode="numeric"
              value={audience.active_within_days ?? ''}
              onChange={(e) =>
                setFilter('active_within_days', e.target.value ? Number(e.target.value) : null)
              }
            />
            <AdminField
              label={t('campaigns.inactiveFor')}
              className="col-6 col-md-4"
              type="number"
              min={1}
              inputMode="numeric"
              value={audience.inactive_for_days ?? ''}
              onChange={(e) =>
                setFilter('inactive_for_days', e.target.value ? Number(e.target.value) : null)
              }
            />
          </div>
          <div className="d-flex flex-wrap align-items-center gap-2 mt-3">
            <button
              type="button"
              className="btn btn-outline-secondary"
              disabled={count.isPending}
              onClick={() => count.mutate()}
            >
              {t('campaigns.countMembers')}
            </button>
            <span role="status" className="small">
              {size !== null && t('campaigns.audienceSize', { count: size })}
            </span>
          </div>
        </Section>
        <div className="d-flex flex-wrap gap-2 mb-3">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {save.isPending ? t('campaigns.saving') : t('campaigns.save')}
          </button>
        </div>
      </fieldset>
      <Section title={t('campaigns.tryIt')}>
        <div className="d-flex flex-wrap gap-2">
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={showPreview.isPending || !text.subject.trim() || !text.body.trim()}
            onClick={() => showPreview.mutate()}
          >
            {t('campaigns.preview', { language: language.toUpperCase() })}
          </button>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={campaign === null || test.isPending}
            onClick={() => test.mutate()}
          >
            {t('campaigns.testSend', { language: language.toUpperCase() })}
          </button>
        </div>
        {campaign === null && (
          <p className="small text-body-secondary mt-2 mb-0">{t('campaigns.saveFirst')}</p>
        )}
        {preview && (
          <div className="mt-3">
            <p className="mb-1">
              <strong>{t('campaigns.previewSubject')}</strong> {preview.subject}
            </p>
            {/*
              The server's render of the mail: every text in it escaped and no script in its
              layout; a srcdoc frame keeps the console's Content-Security-Policy. Not sandboxed, so
              the console's accessibility checks can read it like the rest of the page.
            */}
            <iframe
              className="admin-campaign__preview"
              title={t('campaigns.previewTitle', { language: language.toUpperCase() })}
              referrerPolicy="no-referrer"
              srcDoc={preview.html}
            />
          </div>
        )}
      </Section>
      {campaign &&
        (campaign.status === 'draft' ||
          campaign.status === 'scheduled' ||
          campaign.status === 'sending') && (
          <Section title={t('campaigns.sending')}>
            {campaign.status === 'draft' && (
              <div className="row g-2 align-items-end">
                <AdminField
                  label={t('campaigns.sendAt')}
                  className="col-12 col-md-6"
                  type="datetime-local"
                  value={at}
                  onChange={(e) => setAt(e.target.value)}
                />
                <div className="col-12 col-md-6">
                  <button
                    type="button"
                    className="btn btn-success"
                    disabled={busy || !at}
                    onClick={() => schedule.mutate()}
                  >
                    {t('campaigns.schedule')}
                  </button>
                </div>
              </div>
            )}
            <p className="small text-body-secondary mt-2">{t('campaigns.throttleHint')}</p>
            <button
              type="button"
              className="btn btn-outline-danger"
              disabled={busy}
              onClick={() => cancel.mutate()}
            >
              {t('campaigns.cancel')}
            </button>
          </Section>
        )}
    </form>
  );
}

function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="form-check form-check-inline">
      <input className="form-check-input" type="checkbox" checked={checked} onChange={onChange} />
      <span className="form-check-label">{label}</span>
    </label>
  );
}
