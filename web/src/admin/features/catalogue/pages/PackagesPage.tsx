import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PackageChange, PackageCreate, StaffPackage } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { changePackage, createPackage, packagesKey, packagesOptions } from '../api/catalogue';
import { CatalogueFrame, CreateToggle, ListSection } from '../components/CatalogueFrame';
import { formatPrice, fromCents, toCents } from '../model/values';
import { useItemSave } from '../hooks/useSave';
import { FieldProblem, InputField, SwitchField } from '../components/fields';
import { ItemForm } from '../components/ItemForm';
import '../catalogue.scss';

const SWITCHES = ['tryout', 'popular', 'active'] as const;
const FIELDS = [
  'slug',
  'credits',
  'price_cents',
  'currency',
  'prices',
  'tryout',
  'popular',
  'position',
  'active',
] as const;

/**
 * Credit packages (admins), per currency: make one (credits, a price, round prices in other
 * currencies), change one. New credits or prices of a package members paid for make a new
 * version (the server answers it and deactivates the old one); the list shows both.
 */
export function PackagesPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(packagesOptions());
  return (
    <CatalogueFrame screen="packages">
      <CreateToggle label={t('catalogue.packages.create')}>
        {(close) => <PackageForm onDone={close} />}
      </CreateToggle>
      <ListSection
        query={query}
        items={(data) => data.packages}
        empty={t('catalogue.packages.empty')}
      >
        {(packages) => <PackageGroups packages={packages} />}
      </ListSection>
    </CatalogueFrame>
  );
}

function PackageGroups({ packages }: { packages: StaffPackage[] }) {
  const { t } = useAdminTranslation();
  const currencies = [...new Set(packages.map((pkg) => pkg.currency))].sort();
  return (
    <>
      {currencies.map((currency) => (
        <section key={currency} className="mt-4" aria-label={currency}>
          <h2 className="h5">{t('catalogue.packages.inCurrency', { currency })}</h2>
          <ul className="list-unstyled mb-0">
            {packages
              .filter((pkg) => pkg.currency === currency)
              .map((pkg) => (
                <PackageItem key={pkg.id} pkg={pkg} />
              ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function PackageItem({ pkg }: { pkg: StaffPackage }) {
  const { t, i18n } = useAdminTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <li className="card mb-2">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2">
          <strong className="admin-catalogue__code">{pkg.slug}</strong>
          <span>
            {t('catalogue.packages.summary', {
              count: pkg.credits,
              price: formatPrice(i18n.language, pkg.price_cents, pkg.currency),
            })}
          </span>
          <span className={`badge ${pkg.active ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {pkg.active ? t('catalogue.active') : t('catalogue.inactive')}
          </span>
          {pkg.tryout && (
            <span className="badge text-bg-info">{t('catalogue.packages.tryout')}</span>
          )}
          {pkg.popular && (
            <span className="badge text-bg-warning">{t('catalogue.packages.popular')}</span>
          )}
          {pkg.in_use && (
            <span className="badge text-bg-light border">{t('catalogue.packages.inUse')}</span>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-primary ms-auto"
            aria-expanded={editing}
            aria-label={t('catalogue.editItem', { name: pkg.slug })}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? t('catalogue.close') : t('catalogue.edit')}
          </button>
        </div>
        <div className="small text-body-secondary mt-1">
          {[
            t('catalogue.packages.position', { position: pkg.position }),
            ...pkg.prices.map((price) =>
              formatPrice(i18n.language, price.price_cents, price.currency),
            ),
            pkg.replaces_id !== null && t('catalogue.packages.replaces', { id: pkg.replaces_id }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
        {editing && (
          <div className="mt-3">
            <PackageForm pkg={pkg} onDone={() => setEditing(false)} />
          </div>
        )}
      </div>
    </li>
  );
}

interface Draft {
  slug: string;
  credits: string;
  price: string;
  currency: string;
  prices: { currency: string; price: string }[];
  tryout: boolean;
  popular: boolean;
  position: string;
  active: boolean;
}

function draftOf(pkg?: StaffPackage): Draft {
  return {
    slug: pkg?.slug ?? '',
    credits: pkg ? String(pkg.credits) : '',
    price: pkg ? fromCents(pkg.price_cents) : '',
    currency: pkg?.currency ?? 'EUR',
    prices: (pkg?.prices ?? []).map((p) => ({
      currency: p.currency,
      price: fromCents(p.price_cents),
    })),
    tryout: pkg?.tryout ?? false,
    popular: pkg?.popular ?? false,
    position: String(pkg?.position ?? 0),
    active: pkg?.active ?? true,
  };
}

function valuesOf(draft: Draft) {
  return {
    credits: Number(draft.credits),
    price_cents: toCents(draft.price),
    currency: draft.currency.trim().toUpperCase(),
    prices: draft.prices.map((p) => ({
      currency: p.currency.trim().toUpperCase(),
      price_cents: toCents(p.price),
    })),
    tryout: draft.tryout,
    popular: draft.popular,
    position: Number(draft.position),
  };
}

/** A new package (no `pkg`) or a change of one: only what changed is sent. */
function PackageForm({ pkg, onDone }: { pkg?: StaffPackage; onDone: () => void }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(pkg));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const save = useItemSave<Record<string, unknown>>({
    existing: pkg ? { ...valuesOf(draftOf(pkg)), active: pkg.active } : null,
    create: (values) => createPackage(values as PackageCreate),
    change: (values) => changePackage(pkg?.id ?? 0, values as PackageChange),
    list: packagesKey,
    onDone,
  });
  const submit = () => {
    const values = valuesOf(draft);
    save.submit(pkg ? { ...values, active: draft.active } : { slug: draft.slug.trim(), ...values });
  };
  const p = save.problem;
  const f = (name: string) => `${id}-${name}`;
  const prices = (index: number, change: Partial<Draft['prices'][number]>) =>
    set(
      'prices',
      draft.prices.map((price, i) => (i === index ? { ...price, ...change } : price)),
    );
  const title = pkg
    ? t('catalogue.packages.editTitle', { slug: pkg.slug })
    : t('catalogue.packages.create');
  return (
    <ItemForm
      isNew={!pkg}
      title={title}
      slug={{
        id: f('slug'),
        label: t('catalogue.packages.fields.slug'),
        value: draft.slug,
        onChange: (value) => set('slug', value),
      }}
      save={save}
      submitLabel={pkg ? t('catalogue.save') : t('catalogue.packages.submit')}
      fields={FIELDS}
      onSubmit={submit}
      onCancel={onDone}
      note={
        pkg?.in_use && (
          <p className="alert alert-info small py-2">{t('catalogue.packages.versionNote')}</p>
        )
      }
    >
      <InputField
        id={f('credits')}
        label={t('catalogue.packages.fields.credits')}
        problem={p('credits')}
        className="col-6 col-md-3"
        type="number"
        min={1}
        max={1_000_000}
        value={draft.credits}
        onChange={(value) => set('credits', value)}
      />
      <InputField
        id={f('price')}
        label={t('catalogue.packages.fields.price')}
        problem={p('price_cents')}
        className="col-6 col-md-3"
        inputMode="decimal"
        placeholder="19.95"
        value={draft.price}
        onChange={(value) => set('price', value)}
      />
      <InputField
        id={f('currency')}
        label={t('catalogue.packages.fields.currency')}
        problem={p('currency')}
        className="col-6 col-md-3"
        inputClassName="form-control text-uppercase"
        value={draft.currency}
        maxLength={3}
        autoComplete="off"
        onChange={(value) => set('currency', value)}
      />
      <InputField
        id={f('position')}
        label={t('catalogue.packages.fields.position')}
        problem={p('position')}
        className="col-6 col-md-3"
        type="number"
        min={0}
        max={1000}
        value={draft.position}
        onChange={(value) => set('position', value)}
      />
      <fieldset className="col-12" aria-describedby={`${f('prices')}-hint`}>
        <legend className="form-label fw-semibold fs-6 mb-1">
          {t('catalogue.packages.fields.prices')}
        </legend>
        <div className="form-text mt-0 mb-2" id={`${f('prices')}-hint`}>
          {t('catalogue.packages.pricesHint')}
        </div>
        {draft.prices.map((price, index) => (
          <div className="row g-2 align-items-end mb-2" key={index}>
            <InputField
              id={f(`pc-${index}`)}
              label={t('catalogue.packages.fields.currency')}
              problem={p(`prices.${index}.currency`)}
              className="col-4 col-md-2"
              inputClassName="form-control text-uppercase"
              value={price.currency}
              maxLength={3}
              autoComplete="off"
              onChange={(value) => prices(index, { currency: value })}
            />
            <InputField
              id={f(`pp-${index}`)}
              label={t('catalogue.packages.fields.price')}
              problem={p(`prices.${index}.price_cents`)}
              className="col-8 col-md-3"
              inputMode="decimal"
              value={price.price}
              onChange={(value) => prices(index, { price: value })}
            />
            <div className="col-12 col-md-auto">
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() =>
                  set(
                    'prices',
                    draft.prices.filter((_, i) => i !== index),
                  )
                }
              >
                {t('catalogue.packages.removePrice')}
              </button>
            </div>
          </div>
        ))}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => set('prices', [...draft.prices, { currency: '', price: '' }])}
        >
          {t('catalogue.packages.addPrice')}
        </button>
        <FieldProblem id={f('prices')} problem={save.problems.prices} />
      </fieldset>
      <div className="col-12 d-flex flex-wrap column-gap-4 row-gap-2">
        {(pkg ? SWITCHES : SWITCHES.slice(0, 2)).map((name) => (
          <SwitchField
            key={name}
            id={f(name)}
            label={t(`catalogue.packages.fields.${name}`)}
            problem={p(name)}
            checked={draft[name]}
            onChange={(checked) => set(name, checked)}
          />
        ))}
      </div>
    </ItemForm>
  );
}
