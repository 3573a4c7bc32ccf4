import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  GIFT_IMAGES,
  SUPPORTED_LANGUAGES,
  type GiftChange,
  type GiftCreate,
  type StaffGift,
} from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { changeGift, createGift, giftsKey, giftsOptions } from '../api/catalogue';
import { CatalogueFrame, CreateToggle, ListSection } from '../components/CatalogueFrame';
import { useItemSave } from '../hooks/useSave';
import { InputField, SelectField, SwitchField } from '../components/fields';
import { ItemForm } from '../components/ItemForm';
import '../catalogue.scss';

type Language = (typeof SUPPORTED_LANGUAGES)[number];
type GiftImage = (typeof GIFT_IMAGES)[number];
const FIELDS = ['slug', 'names', 'image', 'credits', 'position', 'active'] as const;

/** Until the list tells where pictures are served (cdn_prefix): the default media prefix. */
const DEFAULT_IMAGE_PREFIX = '/media/gifts/';

/**
 * Gifts (admins): a name in each of the catalogue's seven languages, one of the site's
 * pictures, a price in credits and a place in the order. A gift is never deleted (messages
 * show it): it is deactivated.
 */
export function GiftsPage() {
  const { t } = useAdminTranslation();
  const query = useQuery(giftsOptions());
  const imagePrefix = query.data?.image_prefix ?? DEFAULT_IMAGE_PREFIX;
  return (
    <CatalogueFrame screen="gifts">
      <CreateToggle label={t('catalogue.gifts.create')}>
        {(close) => <GiftForm imagePrefix={imagePrefix} onDone={close} />}
      </CreateToggle>
      <ListSection
        heading={t('catalogue.gifts.list')}
        query={query}
        items={(data) => data.gifts}
        empty={t('catalogue.gifts.empty')}
      >
        {(gifts) => (
          <ul className="list-unstyled mb-0">
            {gifts.map((gift) => (
              <GiftItem key={gift.id} gift={gift} imagePrefix={imagePrefix} />
            ))}
          </ul>
        )}
      </ListSection>
    </CatalogueFrame>
  );
}

function nameOf(gift: StaffGift, language: string): string {
  return gift.names[language as Language] ?? gift.names.nl ?? gift.slug;
}

function GiftItem({ gift, imagePrefix }: { gift: StaffGift; imagePrefix: string }) {
  const { t, i18n } = useAdminTranslation();
  const [editing, setEditing] = useState(false);
  const name = nameOf(gift, i18n.language);
  return (
    <li className="card mb-2">
      <div className="card-body">
        <div className="d-flex align-items-center gap-3">
          <img className="admin-catalogue__gift-image" src={imagePrefix + gift.image} alt="" />
          <div className="flex-grow-1 min-w-0">
            <div className="d-flex flex-wrap align-items-center gap-2">
              <strong>{name}</strong>
              <span className="admin-catalogue__code small text-body-secondary">{gift.slug}</span>
              <span className={`badge ${gift.active ? 'text-bg-success' : 'text-bg-secondary'}`}>
                {gift.active ? t('catalogue.active') : t('catalogue.inactive')}
              </span>
            </div>
            <div className="small text-body-secondary">
              {t('catalogue.gifts.summary', { count: gift.credits, position: gift.position })}
            </div>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-expanded={editing}
            aria-label={t('catalogue.editItem', { name })}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? t('catalogue.close') : t('catalogue.edit')}
          </button>
        </div>
        {editing && (
          <div className="mt-3">
            <GiftForm gift={gift} imagePrefix={imagePrefix} onDone={() => setEditing(false)} />
          </div>
        )}
      </div>
    </li>
  );
}

interface Draft {
  slug: string;
  names: Record<Language, string>;
  image: GiftImage;
  credits: string;
  position: string;
  active: boolean;
}

function draftOf(gift?: StaffGift): Draft {
  return {
    slug: gift?.slug ?? '',
    names: Object.fromEntries(
      SUPPORTED_LANGUAGES.map((lang) => [lang, gift?.names[lang] ?? '']),
    ) as Record<Language, string>,
    image: (gift?.image as GiftImage | undefined) ?? GIFT_IMAGES[0],
    credits: gift ? String(gift.credits) : '',
    position: String(gift?.position ?? 0),
    active: gift?.active ?? true,
  };
}

function valuesOf(draft: Draft) {
  return {
    names: draft.names,
    image: draft.image,
    credits: Number(draft.credits),
    position: Number(draft.position),
  };
}

/** A new gift (no `gift`) or a change of one: only what changed is sent. */
function GiftForm({
  gift,
  imagePrefix,
  onDone,
}: {
  gift?: StaffGift;
  imagePrefix: string;
  onDone: () => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(gift));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const languages = new Intl.DisplayNames([i18n.language], { type: 'language' });
  const save = useItemSave<Record<string, unknown>>({
    existing: gift ? { ...valuesOf(draftOf(gift)), active: gift.active } : null,
    create: (values) => createGift(values as GiftCreate),
    change: (values) => changeGift(gift?.id ?? 0, values as GiftChange),
    list: giftsKey,
    onDone,
  });
  const submit = () => {
    const values = valuesOf(draft);
    save.submit(
      gift ? { ...values, active: draft.active } : { slug: draft.slug.trim(), ...values },
    );
  };
  const p = save.problem;
  const f = (name: string) => `${id}-${name}`;
  const title = gift
    ? t('catalogue.gifts.editTitle', { name: nameOf(gift, i18n.language) })
    : t('catalogue.gifts.create');
  return (
    <ItemForm
      isNew={!gift}
      title={title}
      slug={{
        id: f('slug'),
        label: t('catalogue.gifts.fields.slug'),
        value: draft.slug,
        onChange: (value) => set('slug', value),
      }}
      save={save}
      submitLabel={gift ? t('catalogue.save') : t('catalogue.gifts.submit')}
      fields={FIELDS}
      onSubmit={submit}
      onCancel={onDone}
    >
      <InputField
        id={f('credits')}
        label={t('catalogue.gifts.fields.credits')}
        problem={p('credits')}
        hint={t('catalogue.gifts.creditsHint')}
        className="col-6 col-md-4"
        type="number"
        min={1}
        max={100_000}
        value={draft.credits}
        onChange={(value) => set('credits', value)}
      />
      <InputField
        id={f('position')}
        label={t('catalogue.gifts.fields.position')}
        problem={p('position')}
        className="col-6 col-md-4"
        type="number"
        min={0}
        max={1000}
        value={draft.position}
        onChange={(value) => set('position', value)}
      />
      <fieldset className="col-12">
        <legend className="form-label fw-semibold fs-6">{t('catalogue.gifts.fields.names')}</legend>
        <div className="row g-2">
          {SUPPORTED_LANGUAGES.map((lang) => (
            <InputField
              key={lang}
              id={f(`name-${lang}`)}
              label={t('catalogue.gifts.nameIn', { language: languages.of(lang) ?? lang })}
              problem={p(`names.${lang}`)}
              className="col-12 col-sm-6 col-lg-4"
              lang={lang}
              value={draft.names[lang]}
              maxLength={60}
              onChange={(value) => set('names', { ...draft.names, [lang]: value })}
            />
          ))}
        </div>
      </fieldset>
      <div className="col-12 col-md-6 d-flex align-items-end gap-2">
        <SelectField
          id={f('image')}
          label={t('catalogue.gifts.fields.image')}
          problem={p('image')}
          className="flex-grow-1"
          value={draft.image}
          onChange={(value) => set('image', value as GiftImage)}
        >
          {GIFT_IMAGES.map((image) => (
            <option key={image} value={image}>
              {image.replace(/\.svg$/, '').replace('_', ' ')}
            </option>
          ))}
        </SelectField>
        <img className="admin-catalogue__gift-image" src={imagePrefix + draft.image} alt="" />
      </div>
      {gift && (
        <div className="col-12 col-md-6 d-flex align-items-end">
          <SwitchField
            id={f('active')}
            label={t('catalogue.gifts.fields.active')}
            problem={p('active')}
            checked={draft.active}
            onChange={(checked) => set('active', checked)}
          />
        </div>
      )}
    </ItemForm>
  );
}
