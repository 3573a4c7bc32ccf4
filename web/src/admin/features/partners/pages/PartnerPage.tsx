import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatPartner, ChatPartnerRequest } from '@app/contract';
import {
  AdminError,
  AdminField,
  AdminLoading,
  AdminPage,
  AdminSelect,
} from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  addPartnerPhoto,
  citiesQueryOptions,
  partnerQueryOptions,
  partnersKey,
  regionsQueryOptions,
  removePartnerPhoto,
  savePartner,
} from '../api/partners';
import { FictionalBadge } from './FictionalBadge';
import { PartnerLibrarySection } from '../operator-tools';

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
          <PartnerLibrarySection partnerId={query.data.partner.id} />
        </>
      )}
    </AdminPage>
  );
}

function PartnerForm({ partner }: { partner: ChatPartner | null }) {
  const { t } = useAdminTranslation();
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
  const set = (change: Partial<typeof form>) => setForm({ ...form, ...change });
  const female = { value: 'female', label: t('partners.form.female') } as const;
  const male = { value: 'male', label: t('partners.form.male') } as const;
  const none = { value: 0, label: '—' };
  const regionOptions = (nl?.regions ?? []).map((r) => ({ value: r.id, label: r.name }));
  const cityOptions = cities.data
    ? cities.data.cities.map((c) => ({ value: c.id, label: c.name }))
    : partner?.city_id
      ? [{ value: partner.city_id, label: partner.city ?? '' }]
      : [];
  return (
    <form className="card card-body mb-3" onSubmit={submit}>
      <div className="row g-2">
        <AdminField
          label={t('partners.form.name')}
          className="col-12 col-md-6"
          required
          maxLength={40}
          value={form.name}
          onChange={(e) => set({ name: e.target.value })}
        />
        <AdminField
          label={t('partners.form.dateOfBirth')}
          className="col-12 col-md-6"
          type="date"
          required
          value={form.date_of_birth}
          onChange={(e) => set({ date_of_birth: e.target.value })}
        />
        <AdminSelect
          label={t('partners.form.gender')}
          className="col-6"
          value={form.gender}
          options={[female, male]}
          onChange={(value) => set({ gender: value as 'male' | 'female' })}
        />
        <AdminSelect
          label={t('partners.form.seeking')}
          className="col-6"
          value={form.seeking_gender}
          options={[male, female]}
          onChange={(value) => set({ seeking_gender: value as 'male' | 'female' })}
        />
        <AdminSelect
          label={t('partners.form.region')}
          className="col-12 col-md-6"
          value={form.region_id}
          options={[none, ...regionOptions]}
          onChange={(value) => set({ region_id: Number(value), city_id: 0 })}
        />
        <AdminSelect
          label={t('partners.form.city')}
          className="col-12 col-md-6"
          value={form.city_id}
          options={[none, ...cityOptions]}
          onChange={(value) => set({ city_id: Number(value) })}
        />
        <AdminField label={t('partners.form.about')} className="col-12">
          {(id) => (
            <textarea
              id={id}
              className="form-control"
              rows={4}
              value={form.about}
              onChange={(e) => set({ about: e.target.value })}
            />
          )}
        </AdminField>
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
      <AdminField label={t('partners.photos.add')}>
        {(fileId) => (
          <input
            id={fileId}
            type="file"
            accept="image/*"
            className="form-control"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) add.mutate(file);
              e.target.value = '';
            }}
          />
        )}
      </AdminField>
      {(add.isError || remove.isError) && (
        <div className="mt-2">
          <AdminError error={add.error ?? remove.error} />
        </div>
      )}
    </section>
  );
}
