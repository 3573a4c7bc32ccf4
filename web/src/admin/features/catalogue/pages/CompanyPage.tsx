import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompanyInfoValues } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { changeCompany, companyKey, companyOptions } from '../api/catalogue';
import { CatalogueFrame, Loaded } from '../components/CatalogueFrame';
import { otherProblems } from '../model/problems';
import { useSave } from '../hooks/useSave';
import { controlProps, Field, InputField, invalid } from '../components/fields';
import { FormActions } from '../components/ItemForm';
import '../catalogue.scss';

const TEXTS = ['name', 'address', 'city', 'country', 'kvk', 'support_phone'] as const;
const LISTS = ['tradenames', 'vat_numbers'] as const;
const FIELDS = [...TEXTS, ...LISTS, 'delete_discount'] as const;
const HINTED: readonly string[] = ['kvk', 'tradenames', 'vat_numbers', 'delete_discount'];

type Draft = Record<(typeof FIELDS)[number], string>;

function draftOf(info: CompanyInfoValues | null): Draft {
  return {
    name: info?.name ?? '',
    address: info?.address ?? '',
    city: info?.city ?? '',
    country: info?.country ?? '',
    kvk: info?.kvk ?? '',
    support_phone: info?.support_phone ?? '',
    tradenames: (info?.tradenames ?? []).join('\n'),
    vat_numbers: (info?.vat_numbers ?? []).join('\n'),
    delete_discount: info?.delete_discount ?? '',
  };
}

/** A list typed one item a line: its lines, trimmed, without empty ones. */
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * The company details (admins): the name, address, KvK number, VAT numbers and trade names the
 * footer and the terms show, the support phone, and the discount template members are offered
 * when they delete their account. Saved as a whole, audited with before and after.
 */
export function CompanyPage() {
  const query = useQuery(companyOptions());
  return (
    <CatalogueFrame screen="company">
      <Loaded query={query}>{({ companyinfo }) => <CompanyForm info={companyinfo} />}</Loaded>
    </CatalogueFrame>
  );
}

function CompanyForm({ info }: { info: CompanyInfoValues | null }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(info));
  const [saved, setSaved] = useState(false);
  const save = useSave(changeCompany, {
    list: companyKey,
    onSaved: (data) => {
      queryClient.setQueryData(companyKey, data);
      setDraft(draftOf(data.companyinfo));
      setSaved(true);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = save.send({
      name: draft.name,
      address: draft.address,
      city: draft.city,
      country: draft.country,
      kvk: draft.kvk,
      support_phone: draft.support_phone,
      tradenames: lines(draft.tradenames),
      vat_numbers: lines(draft.vat_numbers).map((vat) => vat.toUpperCase().replace(/\s/g, '')),
      delete_discount: draft.delete_discount.trim() || null,
    });
    if (sent) setSaved(false);
  };
  const field = (name: (typeof FIELDS)[number], className = 'col-12 col-md-6') => {
    const problem = save.problem(name);
    const fieldId = `${id}-${name}`;
    const label = t(`catalogue.company.fields.${name}`);
    const hint = HINTED.includes(name) ? t(`catalogue.company.hints.${name}`) : undefined;
    const change = (value: string) => {
      setSaved(false);
      setDraft((d) => ({ ...d, [name]: value }));
    };
    if (!(LISTS as readonly string[]).includes(name)) {
      return (
        <InputField
          id={fieldId}
          label={label}
          problem={problem}
          hint={hint}
          className={className}
          inputMode={name === 'kvk' ? 'numeric' : undefined}
          type={name === 'support_phone' ? 'tel' : 'text'}
          autoComplete="off"
          value={draft[name]}
          onChange={change}
        />
      );
    }
    return (
      <Field id={fieldId} label={label} problem={problem} hint={hint} className={className}>
        <textarea
          {...controlProps(fieldId, problem, true)}
          className={invalid('form-control', problem)}
          rows={3}
          value={draft[name]}
          onChange={(event) => change(event.target.value)}
        />
      </Field>
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('catalogue.company.title')}>
      {info === null && (
        <div className="alert alert-info" role="status">
          {t('catalogue.company.none')}
        </div>
      )}
      <fieldset className="card card-body mb-3">
        <legend className="h5 float-none w-auto px-1 mb-3">
          {t('catalogue.company.groups.company')}
        </legend>
        <div className="row g-3">
          {field('name')}
          {field('kvk')}
          {field('address')}
          {field('city', 'col-6 col-md-3')}
          {field('country', 'col-6 col-md-3')}
          {field('tradenames')}
          {field('vat_numbers')}
        </div>
      </fieldset>
      <fieldset className="card card-body mb-0">
        <legend className="h5 float-none w-auto px-1 mb-3">
          {t('catalogue.company.groups.contact')}
        </legend>
        <div className="row g-3">
          {field('support_phone')}
          {field('delete_discount')}
        </div>
      </fieldset>
      <FormActions
        pending={save.pending}
        submitLabel={t('catalogue.save')}
        status={saved && t('catalogue.saved')}
        problem={otherProblems(save.problems, FIELDS)}
      />
    </form>
  );
}
