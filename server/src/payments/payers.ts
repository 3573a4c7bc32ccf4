import { Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { memberLanguage } from '../i18n/i18n';
import { OwnProfileReads } from '../member-access';
import { PrismaService } from '../prisma/prisma.service';
import { PricingService } from './pricing.service';

/** Mollie's locales for our languages, by the member's country where it matters. */
const LOCALES: Record<string, string> = {
  nl: 'nl_NL',
  'nl-BE': 'nl_BE',
  en: 'en_GB',
  'en-US': 'en_US',
  de: 'de_DE',
  'de-AT': 'de_AT',
  'de-CH': 'de_CH',
  fr: 'fr_FR',
  'fr-BE': 'fr_BE',
  es: 'es_ES',
  it: 'it_IT',
  pl: 'pl_PL',
};

/** A member as a payment needs them: who pays, where they are billed, their language. */
export interface Member {
  id: number;
  email: string | null;
  name: string;
  country: string;
  language: string;
}

/** Members as payers: the checkout's and the direct debit form's. */
@Injectable()
export class Payers {
  constructor(
    private readonly prisma: PrismaService,
    private readonly ownProfile: OwnProfileReads,
    private readonly pricing: PricingService,
  ) {}

  async of(userId: number): Promise<Member> {
    const user = await this.prisma.user.findUnique({
      where: { id: userId },
      select: { id: true, email: true, language: true, staffName: true },
    });
    if (!user) throw new AppError('authentication_required');
    const [profile, country] = await Promise.all([
      this.ownProfile.read(userId, { name: true }),
      this.pricing.billingCountry(userId),
    ]);
    return {
      id: user.id,
      email: user.email,
      name: profile?.name ?? user.staffName ?? '',
      country,
      language: user.language,
    };
  }
}

/**
 * The provider's locale for a member: the language they are shown (theirs when the site offers
 * it, else nl), in their country where it differs.
 */
export function providerLocale(member: Member): string {
  const language = memberLanguage(member.language.slice(0, 2));
  return LOCALES[`${language}-${member.country}`] ?? LOCALES[language] ?? 'nl_NL';
}
