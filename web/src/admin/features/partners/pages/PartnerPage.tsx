import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatPartner, ChatPartnerRequest } from '@app/contract';
import { AdminError, AdminLoading, AdminPage } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  addPartnerPhoto,
  citiesQueryOptions,
  partnerQueryOptions,
  partnersKey,
  regionsQueryOptions,
  removePartnerPhoto,
  savePartner,
} from '../api';
import { FictionalBadge } from './FictionalBadge';

/** Admins: a new chat partner, or one to edit with its photos. */
export function PartnerPage() {
  const { t } = useAdminTranslation();
  const param = useParams().id;
  const id = param === 'new' || !param ? null : Number(param);
  const query = useQuery({ ...partnerQueryOptions(id ?? 0), enabled: id !== null });
  return (
    <AdminPage
      title={id === null ? t('partners.new') : (query.data?.partner.name ?? t('partners.title'))}
      actions={
        <Link to="/admin/partners" className="btn btn-outline-secondary btn-sm">
          ← {t('partners.back')}
        </Link>
      }
    >
      <p>
        <FictionalBadge /> <span className="small">{t('partners.alwaysFictional')}</span>
      </p>
      {id === null ? (
        <PartnerForm partner={null} />
      ) : query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <PartnerForm partner={query.data.partner} />
          <Photos partner={query.data.partner} />
        </>
      )}
    </AdminPage>
  );
}

function PartnerForm({ partner }: { partner: ChatPartner | null }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    name: partner?.name ?? '',
    gender: partner?.gender ?? 'female',
    seeking_gender: partner?.seeking_gender ?? 'male',
    date_of_birth: partner?.date_of_birth ?? '',
    region_id: partner?.region_id ?? 0,
    city_id: partner?.city_id ?? 0,
    about: partner?.about ?? '',
  });
  const regions = useQuery(regionsQueryOptions());
  const cities = useQuery(citiesQueryOptions(form.region_id));
  const nl = regions.data?.countries.find((c) => c.code === 'NL');
  const save = useMutation({
    mutationFn: () => {
      const body: ChatPartnerRequest = {
        name: form.name,
        gender: form.gender,
        seeking_gender: form.seeking_gender,
        date_of_birth: form.date_of_birth,
        country: 'NL',
        region_id: form.region_id || null,
        city_id: form.city_id || null,
        about: form.about || null,
        sexuality: partner?.sexuality ?? null,
        hair_color: partner?.hair_color ?? null,
        eye_color: partner?.eye_color ?? null,
        body_type: partner?.body_type ?? null,
        relationship_status: partner?.relationship_status ?? null,
        tattoos: partner?.tattoos ?? null,
        signup_reason: partner?.signup_reason ?? null,
        interests: partner?.interests ?? [],
      };
      return savePartner(partner?.id ?? null, body);
    },
    onSuccess: (data) => {
      void queryClient.invalidateQueries({ queryKey: partnersKey });
      if (!partner) void navigate(`/admin/partners/${data.partner.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const field = (name: string) => `${id}-${name}`;
  return (
    <form className="card card-body mb-3" onSubmit={submit}>
      <div className="row g-2">
        <div className="col-12 col-md-6">
          <label className="form-label small fw-semibold" htmlFor={field('name')}>
            {t('partners.form.name')}
          </label>
          <input
            id={field('name')}
            className="form-control"
            required
            maxLength={40}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.target.value })}
          />
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label small fw-semibold" htmlFor={field('dob')}>
            {t('partners.form.dateOfBirth')}
          </label>
          <input
            id={field('dob')}
            type="date"
            className="form-control"
            required
            value={form.date_of_birth}
            onChange={(e) => setForm({ ...form, date_of_birth: e.target.value })}
          />
        </div>
        <div className="col-6">
          <label className="form-label small fw-semibold" htmlFor={field('gender')}>
            {t('partners.form.gender')}
          </label>
          <select
            id={field('gender')}
            className="form-select"
            value={form.gender}
            onChange={(e) => setForm({ ...form, gender: e.target.value as 'male' | 'female' })}
          >
            <option value="female">{t('partners.form.female')}</option>
            <option value="male">{t('partners.form.male')}</option>
          </select>
        </div>
        <div className="col-6">
          <label className="form-label small fw-semibold" htmlFor={field('seeking')}>
            {t('partners.form.seeking')}
          </label>
          <select
            id={field('seeking')}
            className="form-select"
            value={form.seeking_gender}
            onChange={(e) =>
              setForm({ ...form, seeking_gender: e.target.value as 'male' | 'female' })
            }
          >
            <option value="male">{t('partners.form.male')}</option>
            <option value="female">{t('partners.form.female')}</option>
          </select>
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label small fw-semibold" htmlFor={field('region')}>
            {t('partners.form.region')}
          </label>
          <select
            id={field('region')}
            className="form-select"
            value={form.region_id}
            onChange={(e) => setForm({ ...form, region_id: Number(e.target.value), city_id: 0 })}
          >
            <option value={0}>—</option>
            {nl?.regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-md-6">
          <label className="form-label small fw-semibold" htmlFor={field('city')}>
            {t('partners.form.city')}
          </label>
          <select
            id={field('city')}
            className="form-select"
            value={form.city_id}
            onChange={(e) => setForm({ ...form, city_id: Number(e.target.value) })}
          >
            <option value={0}>—</option>
            {cities.data?.cities.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            {partner?.city_id && !cities.data && (
              <option value={partner.city_id}>{partner.city}</option>
            )}
          </select>
        </div>
        <div className="col-12">
          <label className="form-label small fw-semibold" htmlFor={field('about')}>
            {t('partners.form.about')}
          </label>
          <textarea
            id={field('about')}
            className="form-control"
            rows={4}
            value={form.about}
            onChange={(e) => setForm({ ...form, about: e.target.value })}
          />
        </div>
      </div>
      {save.isError && (
        <div className="mt-2">
          <AdminError error={save.error} />
        </div>
      )}
      {save.isSuccess && partner && (
        <p className="text-success small mt-2 mb-0" role="status">
          {t('partners.form.saved')}
        </p>
      )}
      <div className="mt-3">
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('partners.form.save')}
        </button>
      </div>
    </form>
  );
}

function Photos({ partner }: { partner: ChatPartner }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const update = (data: { partner: ChatPartner }) =>
    queryClient.setQueryData(partnerQueryOptions(partner.id).queryKey, data);
  const add = useMutation({
    mutationFn: (file: File) => addPartnerPhoto(partner.id, file),
    onSuccess: update,
  });
  const remove = useMutation({
    mutationFn: (photo: number) => removePartnerPhoto(partner.id, photo),
    onSuccess: update,
  });
  return (
    <section className="card card-body" aria-labelledby={`${id}-photos`}>
      <h2 className="h6" id={`${id}-photos`}>
        {t('partners.photos.title')}
      </h2>
      <ul className="list-unstyled d-flex flex-wrap gap-2">
        {partner.photos.map((photo) => (
          <li key={photo.id} className="text-center">
            <img
              src={photo.url}
              alt=""
              width={120}
              height={120}
              className="rounded object-fit-cover d-block"
            />
            <button
              type="button"
              className="btn btn-link btn-sm text-danger"
              onClick={() => remove.mutate(photo.id)}
            >
              {t('partners.photos.remove')}
            </button>
          </li>
        ))}
      </ul>
      <label className="form-label small fw-semibold" htmlFor={`${id}-file`}>
        {t('partners.photos.add')}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept="image/*"
        className="form-control"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) add.mutate(file);
          e.target.value = '';
        }}
      />
      {(add.isError || remove.isError) && (
        <div className="mt-2">
          <AdminError error={add.error ?? remove.error} />
        </div>
      )}
    </section>
  );
}
