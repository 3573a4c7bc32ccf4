import type { Settings, SettingsResponse } from '../api/settings';
import type { CompanyInfo } from '../api/companyinfo';
import type { User } from '../api/user';

export const settingsFixture: Settings = {
  countries: [{ code: 'NL', name: 'Nederland', region_label: 'province', currency: 'EUR' }],
  name: 'Vonkje',
  index_title: 'Daten en chatten met singles bij jou in de buurt',
  description: 'Maak gratis een profiel, ontdek leden in de buurt, like, match en chat.',
  visible_profile_fields: ['gender', 'age'],
  visible_profile_notes: ['about'],
  geoip_country: 'NL',
  geoip_selected_country: 'NL',
  cdn_prefix: '/media/',
  message_credits: 10,
  signup_credits: 0,
  photo_credits: 15,
  gift_credits: 20,
  message_length: 1000,
  minimum_message_costs: { NL: { costs: 0.25, currency: 'EUR' } },
  support_email: 'support@vonkje.test',
  support_phone: '+31 20 000 0000',
  enable_site_entry_popup: true,
  push_public_key: null,
  search_fields: ['gender', 'country'],
  domain: 'localhost',
  domain_language: 'nl-NL',
  fictional_warning: 'Op deze site zijn ook fictieve profielen actief, chatmaatjes genoemd.',
  fictional_singular: 'chatmaatje',
  fictional_plural: 'chatmaatjes',
  fictional_icon: '🎭',
  refund_days: 14,
  signups: 'all',
  logged_out_search: true,
  logged_out_search_trafficsource: false,
  interests: [{ id: 1, slug: 'hiking', icon: '🥾', kind: 'hobby' }],
  member_resell: false,
  region_data: { NL: { label: 'province', regions: 12 } },
  min_age: 18,
};

export const settingsResponseFixture: SettingsResponse = {
  settings: settingsFixture,
  domain_language: 'nl-NL',
};

export const companyInfoFixture: CompanyInfo = {
  name: 'Vonkje B.V.',
  address: 'Keizersgracht 1',
  kvk: '12345678',
  city: 'Amsterdam',
  country: 'Nederland',
  tradenames: ['Vonkje'],
  vat_numbers: ['NL000000000B01'],
  support_phone: '+31 20 000 0000',
  delete_discount: 50,
  added: '2024-01-01T00:00:00.000Z',
};

export const userFixture: User = {
  id: 1,
  status: 'confirmed',
  credits: 5,
  paid_user: true,
  language: 'nl',
  fictional_icon: '🎭',
  signup_date: '2024-01-01T00:00:00.000Z',
  notifications_disabled: [],
  profile: {
    id: 10,
    name: 'Sanne',
    status: 'active',
    country: 'NL',
    gender: 'female',
    main_image: null,
  },
};
