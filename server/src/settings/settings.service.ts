import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import {
  BOOST_CREDITS_DEFAULT,
  CHAT_HISTORY_LIMIT_DAYS,
  FREE_MEMBERS_SEE,
  FREE_MEMBERS_SEE_DEFAULT,
  MIN_AGE_DEFAULT,
  SUPPORTED_COUNTRIES,
  offeredLanguages,
  type CountryCode,
  type RegionLabel,
  type SettingsResponse,
} from '@app/contract';
import { setOfferedLanguages } from '../i18n/i18n';
import { PrismaService } from '../prisma/prisma.service';
import { CacheInvalidation } from '../redis/invalidation';
import { MediaSigner } from '../storage';
import { SETTING_DEFAULTS, type StoredSettings } from './settings.defaults';
import type { SettingsQuery } from './settings.dto';

const CACHE_MS = 10_000;

export interface RequestContext {
  host: string;
  /** The visitor's country (VisitorCountry: a trusted proxy's header, else the address), if known. */
  country?: string;
}

/** Reads operator settings (defaults + database rows) and the reference lists. */
@Injectable()
export class SettingsService {
  private cache?: { at: number; value: Promise<CachedData> };
  /** Reference lists (regions, interests, company info): read once per CACHE_MS. */
  private readonly lists = new Map<string, { at: number; value: Promise<unknown> }>();

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    invalidation: CacheInvalidation,
    private readonly media: MediaSigner,
  ) {
    // an admin's change reaches this process within a second (Redis pub/sub); read again at
    // once, since media URLs (cdn_prefix) are made without asking for the settings
    invalidation.on('settings', () => {
      this.invalidate();
      this.data().catch(() => undefined);
    });
  }

  /** The settings read at start: media URLs carry cdn_prefix from the first request on. */
  async onApplicationBootstrap(): Promise<void> {
    await this.data().catch(() => undefined);
  }

  /** Rows change rarely; they are cached in memory until a change is announced (or briefly). */
  private data(): Promise<CachedData> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > CACHE_MS) {
      const value = this.load();
      this.cache = { at: now, value };
      value.catch(() => (this.cache = undefined));
    }
    return this.cache.value;
  }

  invalidate(): void {
    this.cache = undefined;
    this.lists.clear();
  }

  private remember<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.lists.get(key);
    if (hit && now - hit.at <= CACHE_MS) return hit.value as Promise<T>;
    const value = load();
    this.lists.set(key, { at: now, value });
    value.catch(() => this.lists.delete(key));
    return value;
  }

  private async load(): Promise<CachedData> {
    const [rows, countries, interests, regionCounts] = await Promise.all([
      this.prisma.setting.findMany(),
      this.prisma.country.findMany({ orderBy: [{ position: 'asc' }, { code: 'asc' }] }),
      this.interests(),
      this.prisma.region.groupBy({ by: ['countryCode'], _count: { _all: true } }),
    ]);
    const stored = { ...SETTING_DEFAULTS } as Record<string, unknown>;
    for (const row of rows) {
      if (Object.hasOwn(SETTING_DEFAULTS, row.key)) stored[row.key] = row.value;
    }
    // adults only, whatever an operator stored
    stored.min_age = Math.max(MIN_AGE_DEFAULT, Number(stored.min_age) || MIN_AGE_DEFAULT);
    // whole days, at least one, as the chat hides history and the pages state it
    const historyDays = Math.floor(Number(stored.chat_history_days));
    stored.chat_history_days =
      Number.isFinite(historyDays) && historyDays >= 0
        ? Math.max(1, historyDays)
        : CHAT_HISTORY_LIMIT_DAYS;
    // a boost costs whole credits, at least one (a free boost is only a premium member's weekly)
    const boostCredits = Math.floor(Number(stored.boost_credits));
    stored.boost_credits =
      Number.isFinite(boostCredits) && boostCredits >= 1 ? boostCredits : BOOST_CREDITS_DEFAULT;
    // what free members see: a stored value that is no longer a choice reads as the default
    for (const key of ['free_members_see_visitors', 'free_members_see_likes'] as const) {
      if (!(FREE_MEMBERS_SEE as readonly unknown[]).includes(stored[key])) {
        stored[key] = FREE_MEMBERS_SEE_DEFAULT;
      }
    }
    if (typeof stored.cdn_prefix === 'string') this.media.usePrefix(stored.cdn_prefix);
    // nl always, the others as an admin chose them; texts, mails and pushes follow at once
    stored.languages_offered = offeredLanguages(stored.languages_offered);
    setOfferedLanguages(stored.languages_offered);
    const counts = new Map(regionCounts.map((r) => [r.countryCode, r._count._all]));
    return {
      stored: stored as StoredSettings,
      countries: countries.map((c) => ({
        code: c.code,
        name: c.name,
        region_label: c.regionLabel,
        currency: c.currency,
      })),
      regionData: Object.fromEntries(
        countries.map((c) => [c.code, { label: c.regionLabel, regions: counts.get(c.code) ?? 0 }]),
      ),
      interests,
    };
  }

  async stored(): Promise<StoredSettings> {
    return (await this.data()).stored;
  }

  /** GET /api/settings.php: every Settings field of SPEC point 3. */
  async publicSettings(query: SettingsQuery, ctx: RequestContext): Promise<SettingsResponse> {
    const { stored, countries, regionData, interests } = await this.data();
    const domain = domainOf(query.forced_domain || ctx.host || '');
    const domainLanguage = domainLanguageOf(stored, domain);
    const geoipCountry = supportedCountry(ctx.country) ?? countryOfLanguage(domainLanguage);
    const settings = {
      countries,
      name: stored.name,
      index_title: stored.index_title,
      description: stored.description,
      visible_profile_fields: stored.visible_profile_fields,
      visible_profile_notes: stored.visible_profile_notes,
      geoip_country: geoipCountry,
      geoip_selected_country: supportedCountry(query.country) ?? geoipCountry,
      cdn_prefix: stored.cdn_prefix,
      message_credits: stored.message_credits,
      signup_credits: stored.signup_credits,
      photo_credits: stored.photo_credits,
      gift_credits: stored.gift_credits,
      boost_credits: stored.boost_credits,
      message_length: stored.message_length,
      minimum_message_costs: stored.minimum_message_costs,
      support_email: stored.support_email,
      support_phone: stored.support_phone,
      enable_site_entry_popup: stored.enable_site_entry_popup,
      push_public_key: this.config.VAPID_PUBLIC_KEY ?? null,
      search_fields: stored.search_fields,
      domain,
      domain_language: domainLanguage,
      languages_offered: stored.languages_offered,
      fictional_warning: stored.fictional_warning,
      fictional_singular: stored.fictional_singular,
      fictional_plural: stored.fictional_plural,
      fictional_icon: stored.fictional_icon,
      refund_days: stored.refund_days,
      chat_history_days: stored.chat_history_days,
      free_members_see_visitors: stored.free_members_see_visitors,
      free_members_see_likes: stored.free_members_see_likes,
      signups: stored.signups,
      logged_out_search: stored.logged_out_search,
      logged_out_search_trafficsource: stored.logged_out_search_trafficsource,
      interests,
      member_resell: stored.member_resell,
      partner_redirect_url: stored.partner_redirect_url,
      region_data: regionData,
      min_age: stored.min_age,
    };
    return { settings, domain_language: domainLanguage };
  }

  interests() {
    return this.remember('interests', () =>
      this.prisma.interest.findMany({
        select: { id: true, slug: true, icon: true, kind: true },
        orderBy: [{ position: 'asc' }, { id: 'asc' }],
      }),
    );
  }

  /** GET /api/regions.php: each supported country with its region label and regions. */
  regions(country?: string) {
    if (country && !(SUPPORTED_COUNTRIES as readonly string[]).includes(country)) {
      return Promise.resolve([]);
    }
    return this.remember(`regions:${country ?? '*'}`, () => this.loadRegions(country));
  }

  private async loadRegions(country?: string) {
    const countries = await this.prisma.country.findMany({
      where: country ? { code: country } : undefined,
      orderBy: [{ position: 'asc' }, { code: 'asc' }],
      select: {
        code: true,
        regionLabel: true,
        regions: { select: { id: true, code: true, name: true }, orderBy: { name: 'asc' } },
      },
    });
    return countries.map((c) => ({
      code: c.code,
      region_label: c.regionLabel,
      regions: c.regions,
    }));
  }

  /** GET /api/companyinfo.php */
  companyInfo() {
    return this.remember('companyinfo', () => this.loadCompanyInfo());
  }

  private async loadCompanyInfo() {
    const info = await this.prisma.companyInfo.findUnique({ where: { id: 1 } });
    if (!info) return null;
    return {
      name: info.name,
      address: info.address,
      kvk: info.kvk,
      city: info.city,
      country: info.country,
      tradenames: info.tradenames,
      vat_numbers: info.vatNumbers,
      support_phone: info.supportPhone,
      // only whether there is an offer: its code is issued to the member (delete-discount.php)
      delete_discount: info.deleteDiscount !== null,
      added: info.added.toISOString(),
    };
  }
}

interface CachedData {
  stored: StoredSettings;
  countries: { code: string; name: string; region_label: RegionLabel; currency: string }[];
  regionData: Record<string, { label: RegionLabel; regions: number }>;
  interests: { id: number; slug: string; icon: string; kind: string }[];
}

/** A host without its port, in lower case: the key of `domain_languages`. */
export function domainOf(host: string): string {
  return host.toLowerCase().replace(/:\d+$/, '');
}

/** The language of a domain (SPEC point 4): its entry in `domain_languages`, else `domain_language`. */
export function domainLanguageOf(stored: StoredSettings, domain: string): string {
  // an own property only: a domain such as "constructor" must not reach Object.prototype
  const mapped = Object.hasOwn(stored.domain_languages, domain)
    ? stored.domain_languages[domain]
    : undefined;
  return typeof mapped === 'string' ? mapped : stored.domain_language;
}

function supportedCountry(value: string | undefined): CountryCode | undefined {
  const code = value?.toUpperCase();
  return (SUPPORTED_COUNTRIES as readonly string[]).includes(code ?? '')
    ? (code as CountryCode)
    : undefined;
}

/** 'nl-NL' -> NL; 'de' -> DE when that is a supported country; otherwise NL. */
function countryOfLanguage(language: string): CountryCode {
  const [lang, region] = language.split(/[-_]/);
  return supportedCountry(region) ?? supportedCountry(lang) ?? 'NL';
}
