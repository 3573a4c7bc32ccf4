import { Injectable } from '@nestjs/common';
import { DELETION_RECONSIDERATION_DAYS, SUPPORTED_COUNTRIES, type Language } from '@app/contract';
import { AppError } from '../common/app-error';
import { isUniqueViolation } from '../common/failures';
import { checkDateOfBirth, checkProfileName } from '../common/profile-rules';
import { passwordProblem } from '@app/contract';
import { PrismaService } from '../prisma/prisma.service';
import { PostbackOutbox } from '../traffic';
import { SettingsService } from '../settings';
import { MailOutbox } from '../mail';
import type { SignupInput } from './accounts.dto';
import { isDisposable, normalizeEmail } from './email';
import { ChallengeService } from '../challenge';
import { AccountLinks } from '../account-links';
import { PasswordHasher, SESSION_USER_SELECT } from '../auth';
import { CreditsService } from '../credits';
import { holdTextForReview } from '../inspection';
import { Realtime } from '../realtime';
import { passwordError } from './credentials.service';
import { ConsentsService } from '../consents';

const DAY_MS = 86_400_000;

interface SignupMeta {
  ip?: string;
  /** The browser's User-Agent, kept with the consents as proof (consents). */
  userAgent?: string;
  language: Language;
  domain?: string;
  /** The `browser` cookie's token: ties the accounts made in one browser (account-links). */
  browser?: string;
}

@Injectable()
export class SignupService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly settings: SettingsService,
    private readonly outbox: MailOutbox,
    private readonly postbacks: PostbackOutbox,
    private readonly hasher: PasswordHasher,
    private readonly credits: CreditsService,
    private readonly realtime: Realtime,
    private readonly consents: ConsentsService,
    private readonly challenges: ChallengeService,
    private readonly links: AccountLinks,
  ) {}

  /** Checks every rule first, so bad input never creates a half account. */
  private async validate(input: SignupInput, now: Date) {
    const stored = await this.settings.stored();
    const hasSource = Boolean(input.network || input.ref);
    if (stored.signups !== 'all' && !(stored.signups === 'with_trafficsource' && hasSource)) {
      throw new AppError('signups_disabled');
    }
    if (stored.signup_invite_only) {
      const invite = input.invite
        ? await this.prisma.invite.findUnique({ where: { code: input.invite } })
        : null;
      if (
        !invite ||
        invite.usedAt ||
        invite.revokedAt ||
        (invite.expiresAt && invite.expiresAt <= now)
      ) {
        throw new AppError('signup_invite_only', {}, 'invite');
      }
    }
    const email = normalizeEmail(input.email);
    if (isDisposable(email)) throw new AppError('email_disposable', {}, 'email');
    // the profile rules, as the profile editor checks them (common/profile-rules.ts)
    const name = checkProfileName(input.name, email);
    const dob = checkDateOfBirth(input.date_of_birth, stored.min_age, now);
    const problem = passwordProblem(input.password, { email, name });
    if (problem) throw passwordError(problem);
    if (!input.accept_terms) throw new AppError('terms_required', {}, 'accept_terms');
    if (!input.accept_fictional)
      throw new AppError('fictional_ack_required', {}, 'accept_fictional');
    // the form's own mistakes are told first; then the proof of work, used up by this signup
    await this.challenges.require(input.altcha);

    const existing = await this.prisma.user.findUnique({
      where: { email },
      select: { status: true, deletedAt: true },
    });
    if (existing) {
      const reactivatable =
        existing.status === 'deleted' &&
        existing.deletedAt &&
        now.getTime() - existing.deletedAt.getTime() < DELETION_RECONSIDERATION_DAYS * DAY_MS;
      throw new AppError(reactivatable ? 'account_reactivatable' : 'email_taken', {}, 'email');
    }
    return {
      email,
      name,
      dob,
      signupCredits: stored.signup_credits,
      inviteOnly: stored.signup_invite_only,
    };
  }

  async signup(input: SignupInput, meta: SignupMeta) {
    try {
      return await this.create(input, meta);
    } catch (error) {
      // two signups racing for one address: the second is told the address is taken
      if (isUniqueViolation(error, 'email')) throw new AppError('email_taken', {}, 'email');
      throw error;
    }
  }

  private async create(input: SignupInput, meta: SignupMeta) {
    const now = new Date();
    const { email, name, dob, signupCredits, inviteOnly } = await this.validate(input, now);
    const passwordHash = await this.hasher.hash(input.password);
    const country = (SUPPORTED_COUNTRIES as readonly string[]).includes(
      input.country?.toUpperCase() ?? '',
    )
      ? (input.country as string).toUpperCase()
      : 'NL';

    const { user, mails, textHeld, conversions } = await this.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email,
          passwordHash,
          status: 'not_confirmed',
          language: meta.language,
          signupIp: meta.ip?.slice(0, 45),
          signupDomain: meta.domain,
          profile: {
            create: {
              name,
              status: 'disabled',
              gender: input.gender,
              seekingGender: input.seeking_gender ?? (input.gender === 'male' ? 'female' : 'male'),
              dateOfBirth: dob,
              countryCode: country,
              signupMessage: input.signup_message || null,
            },
          },
          notificationPreferences: { create: {} },
        },
        select: SESSION_USER_SELECT,
      });
      // the versions of the terms and privacy statement in force, accepted (accept_terms)
      Object.assign(
        created,
        await this.consents.recordSignup(tx, created.id, {
          ip: meta.ip,
          userAgent: meta.userAgent,
        }),
      );
      // the signup text becomes the first about text once a moderator approves it
      const held =
        !!created.profile &&
        (await holdTextForReview(tx, created.profile.id, 'about', input.signup_message));
      if (
        input.network ||
        input.ref ||
        input.sub1 ||
        input.sub2 ||
        input.sub3 ||
        input.lander ||
        input.slug
      ) {
        await tx.trackingData.create({
          data: {
            userId: created.id,
            network: input.network,
            ref: input.ref,
            sub1: input.sub1,
            sub2: input.sub2,
            sub3: input.sub3,
            landingUrl: input.landing_url,
            lander: input.lander || null,
            slug: input.slug || null,
          },
        });
      }
      if (signupCredits > 0) {
        created.credits = await this.credits.credit(tx, {
          userId: created.id,
          amount: signupCredits,
          reason: 'signup_bonus',
        });
      }
      if (input.invite) {
        // claimed inside the transaction: of two signups racing for one code, only one wins
        const claimed = await tx.invite.updateMany({
          where: {
            code: input.invite,
            usedAt: null,
            revokedAt: null,
            OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
          },
          data: { usedAt: now, usedById: created.id },
        });
        if (inviteOnly && claimed.count === 0) {
          throw new AppError('signup_invite_only', {}, 'invite');
        }
      }
      // what ties this account to others of the same person: the browser and the address range
      await this.links.record(
        created.id,
        [
          meta.browser ? AccountLinks.device(meta.browser) : null,
          AccountLinks.addressRange(meta.ip),
        ],
        tx,
      );
      // written with the account: sent even when Redis is down right now
      const mail = await this.outbox.write(tx, { userId: created.id, template: 'activation' });
      // the network the member came from hears of the signup (its postback, if it has one)
      const conversions = await this.postbacks.write(tx, created.id, 'signup');
      return { user: created, mails: [mail], textHeld: held, conversions };
    });
    await this.outbox.dispatch(mails);
    await this.postbacks.dispatch(conversions);
    if (textHeld) this.realtime.toStaff(['moderator'], 'queue:changed', { queue: 'texts' });
    return user;
  }
}
