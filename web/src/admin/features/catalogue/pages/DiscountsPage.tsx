import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  PAYMENT_METHODS,
  SUPPORTED_COUNTRIES,
  type DiscountCreate,
  type StaffDiscount,
} from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  createDiscount,
  deactivateDiscount,
  discountsKey,
  discountsOptions,
} from '../api/catalogue';
import {
  CatalogueFrame,
  CatalogueTable,
  ListSection,
  RowAction,
  useDate,
  useRowAction,
} from '../components/CatalogueFrame';
import { otherProblems } from '../model/problems';
import { formatPrice, optionalNumber, toCents } from '../model/values';
import { useSave } from '../hooks/useSave';
import { FieldProblem, InputField, SelectField } from '../components/fields';
import { FormActions } from '../components/ItemForm';
import '../catalogue.scss';

const VALIDITIES = ['once_per_user', 'once', 'unlimited'] as const;
const FIELDS = [
  'code',
  'value_percentage',
  'minimum_order_cents',
  'country',
  'currency',
  'expires_at',
  'validity',
  'payment_methods',
  'issue_days',
] as const;

/**
 * Discount codes (admins): make a code (a percentage off, from an order amount, for a country,
 * a currency, payment methods, until a date, used once, once per member or without limit, or a
 * template of personal copies); the list shows how often each was paid with and is held in a
 * checkout. A code cannot be edited (payments refer to it): it is deactivated instead.
 */
export function DiscountsPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(discountsOptions());
  return (
    <CatalogueFrame screen="discounts">
      <DiscountForm />
      <ListSection
        heading={t('catalogue.discounts.list')}
        query={query}
        items={(data) => data.discounts}
        empty={t('catalogue.discounts.empty')}
      >
        {(discounts) => <DiscountList discounts={discounts} />}
      </ListSection>
    </CatalogueFrame>
  );
}

const EMPTY = {
  code: '',
  percentage: '',
  minimum: '',
  country: '',
  currency: '',
  expires: '',
  validity: 'once_per_user' as (typeof VALIDITIES)[number],
  methods: [] as string[],
  issueDays: '',
};

function DiscountForm() {
  const { t } = useAdminTranslation();
  const id = useId();
  const [draft, setDraft] = useState(EMPTY);
  const [made, setMade] = useState<string | null>(null);
  const set = <K extends keyof typeof EMPTY>(key: K, value: (typeof EMPTY)[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const save = useSave(createDiscount, {
    list: discountsKey,
    onSaved: ({ discount }) => {
      setMade(discount.code);
      setDraft(EMPTY);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: DiscountCreate = {
      code: draft.code,
      value_percentage: Number(draft.percentage.replace(',', '.')),
      minimum_order_cents: draft.minimum.trim() === '' ? 0 : toCents(draft.minimum),
      country: (draft.country || null) as DiscountCreate['country'],
      currency: draft.currency.trim().toUpperCase() || null,
      // the end of the chosen day, in the staff member's time zone
      expires_at: draft.expires ? new Date(`${draft.expires}T23:59:59`).toISOString() : null,
      validity: draft.validity,
      payment_methods: draft.methods as DiscountCreate['payment_methods'],
      issue_days: optionalNumber(draft.issueDays),
    };
    if (save.send(body)) setMade(null);
  };
  const p = save.problem;
  return (
    <form className="card card-body" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="h5" id={`${id}-title`}>
        {t('catalogue.discounts.create')}
      </h2>
      <div className="row g-3">
        <InputField
          id={`${id}-code`}
          label={t('catalogue.discounts.code')}
          problem={p('code')}
          className="col-12 col-md-4"
          inputClassName="form-control text-uppercase"
          value={draft.code}
          maxLength={40}
          autoComplete="off"
          onChange={(value) => set('code', value)}
        />
        <InputField
          id={`${id}-percentage`}
          label={t('catalogue.discounts.percentage')}
          problem={p('value_percentage')}
          className="col-6 col-md-4"
          inputMode="decimal"
          value={draft.percentage}
          onChange={(value) => set('percentage', value)}
        />
        <InputField
          id={`${id}-minimum`}
          label={t('catalogue.discounts.minimum')}
          problem={p('minimum_order_cents')}
          className="col-6 col-md-4"
          inputMode="decimal"
          placeholder="0.00"
          value={draft.minimum}
          onChange={(value) => set('minimum', value)}
        />
        <SelectField
          id={`${id}-country`}
          label={t('catalogue.discounts.country')}
          problem={p('country')}
          className="col-6 col-md-3"
          value={draft.country}
          onChange={(value) => set('country', value)}
        >
          <option value="">{t('catalogue.discounts.anyCountry')}</option>
          {SUPPORTED_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </SelectField>
        <InputField
          id={`${id}-currency`}
          label={t('catalogue.discounts.currency')}
          problem={p('currency')}
          hint={t('catalogue.discounts.currencyHint')}
          className="col-6 col-md-3"
          inputClassName="form-control text-uppercase"
          value={draft.currency}
          maxLength={3}
          autoComplete="off"
          onChange={(value) => set('currency', value)}
        />
        <InputField
          id={`${id}-expires`}
          label={t('catalogue.discounts.expires')}
          problem={p('expires_at')}
          className="col-6 col-md-3"
          type="date"
          value={draft.expires}
          onChange={(value) => set('expires', value)}
        />
        <InputField
          id={`${id}-issue`}
          label={t('catalogue.discounts.issueDays')}
          problem={p('issue_days')}
          hint={t('catalogue.discounts.issueDaysHint')}
          className="col-6 col-md-3"
          type="number"
          min={1}
          max={365}
          value={draft.issueDays}
          onChange={(value) => set('issueDays', value)}
        />
        <SelectField
          id={`${id}-validity`}
          label={t('catalogue.discounts.validity')}
          problem={p('validity')}
          className="col-12 col-md-4"
          value={draft.validity}
          onChange={(value) => set('validity', value as (typeof VALIDITIES)[number])}
        >
          {VALIDITIES.map((validity) => (
            <option key={validity} value={validity}>
              {t(`catalogue.discounts.validities.${validity}`)}
            </option>
          ))}
        </SelectField>
        <fieldset
          className="col-12 col-md-8"
          aria-describedby={p('payment_methods') ? `${id}-methods-error` : `${id}-methods-hint`}
        >
          <legend className="form-label fw-semibold fs-6 mb-1">
            {t('catalogue.discounts.methods')}
          </legend>
          <div className="form-text mt-0 mb-1" id={`${id}-methods-hint`}>
            {t('catalogue.discounts.methodsHint')}
          </div>
          <div className="d-flex flex-wrap column-gap-3">
            {PAYMENT_METHODS.map((method) => (
              <div className="form-check" key={method}>
                <input
                  id={`${id}-method-${method}`}
                  className="form-check-input"
                  type="checkbox"
                  checked={draft.methods.includes(method)}
                  onChange={(event) =>
                    set(
                      'methods',
                      event.target.checked
                        ? [...draft.methods, method]
                        : draft.methods.filter((m) => m !== method),
                    )
                  }
                />
                <label className="form-check-label" htmlFor={`${id}-method-${method}`}>
                  {method}
                </label>
              </div>
            ))}
          </div>
          <FieldProblem id={`${id}-methods`} problem={p('payment_methods')} />
        </fieldset>
      </div>
      <FormActions
        pending={save.pending}
        submitLabel={t('catalogue.discounts.submit')}
        status={made && t('catalogue.discounts.made', { code: made })}
        problem={otherProblems(save.problems, FIELDS)}
      />
    </form>
  );
}

function DiscountList({ discounts }: { discounts: StaffDiscount[] }) {
  const { t, i18n } = useAdminTranslation();
  const date = useDate();
  const deactivate = useRowAction(deactivateDiscount, discountsKey);
  const label = (key: string) => t(`catalogue.discounts.columns.${key}`);
  const percent = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const conditions = (discount: StaffDiscount) =>
    [
      discount.minimum_order_cents > 0 &&
        t('catalogue.discounts.from', {
          amount: formatPrice(
            i18n.language,
            discount.minimum_order_cents,
            discount.currency ?? 'EUR',
          ),
        }),
      discount.country,
      discount.currency,
      discount.payment_methods.join(', '),
      discount.expires_at && t('catalogue.discounts.until', { date: date(discount.expires_at) }),
      discount.issue_days !== null &&
        t('catalogue.discounts.personal', { count: discount.issue_days }),
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <CatalogueTable
      columns={['code', 'value', 'conditions', 'use', 'status'].map(label)}
      action={deactivate}
    >
      {discounts.map((discount) => (
        <tr role="row" key={discount.id}>
          <td role="cell" data-label={label('code')} className="admin-catalogue__code">
            {discount.code}
          </td>
          <td role="cell" data-label={label('value')}>
            {percent.format(discount.value_percentage)}%
          </td>
          <td role="cell" data-label={label('conditions')}>
            <span className="d-block">
              {t(`catalogue.discounts.validities.${discount.validity}`)}
            </span>
            <span className="d-block small text-body-secondary">{conditions(discount)}</span>
          </td>
          <td role="cell" data-label={label('use')}>
            {t('catalogue.discounts.usage', { claimed: discount.claimed, held: discount.held })}
          </td>
          <td role="cell" data-label={label('status')}>
            <span
              className={`badge ${discount.status === 'active' ? 'text-bg-success' : 'text-bg-secondary'}`}
            >
              {t(`catalogue.discounts.statuses.${discount.status}`)}
            </span>
          </td>
          <td role="cell" className="text-end">
            {discount.status === 'active' && (
              <RowAction
                label={t('catalogue.discounts.deactivate')}
                name={t('catalogue.discounts.deactivateCode', { code: discount.code })}
                pending={deactivate.isPending}
                onClick={() => deactivate.mutate(discount.id)}
              />
            )}
          </td>
        </tr>
      ))}
    </CatalogueTable>
  );
}
