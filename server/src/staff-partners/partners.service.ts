import { Injectable } from '@nestjs/common';
import type {
  ChatPartner,
  ChatPartnerInput,
  ChatPartnerResponse,
  ChatPartnersResponse,
} from '@app/contract';
import { AppError } from '../common/app-error';
import { ageOn } from '../common/age';
import { ChatPartnerReads, presentProfileDetails, staffViewerOf } from '../member-access';
import { PhotosService } from '../photos';
import { PrismaService } from '../prisma/prisma.service';
import { ProfilesService } from '../profiles';
import { AuditLog, type StaffPrincipal } from '../staff';

/**
 * Chat partners (admins): fictional profiles with the profile editor's fields and rules, and
 * photos through the photo pipeline. A chat partner is always fictional: created so, never
 * unset by the API, and the database refuses to unset it once it has chatted (trigger of the
 * chat_partners migration). Every change writes its audit row in its transaction.
 */
@Injectable()
export class PartnersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly reads: ChatPartnerReads,
    private readonly profiles: ProfilesService,
    private readonly photos: PhotosService,
    private readonly audit: AuditLog,
  ) {}

  async list(staff: StaffPrincipal, now = new Date()): Promise<ChatPartnersResponse> {
    const rows = await this.reads.partners(staffViewerOf(staff));
    return {
      partners: rows.map((row) => ({
        id: row.id,
        name: row.name,
        fictional: true,
        gender: row.gender,
        age: ageOn(row.dateOfBirth, now),
        city: row.city?.name ?? null,
        conversations: row.conversations,
        photo: row.photo,
      })),
    };
  }

  async get(
    staff: StaffPrincipal,
    profileId: number,
    now = new Date(),
  ): Promise<ChatPartnerResponse> {
    const { row, photos, conversations } = await this.reads.partner(
      staffViewerOf(staff),
      profileId,
    );
    const partner: ChatPartner = {
      ...presentProfileDetails(row),
      id: row.id,
      name: row.name,
      fictional: true,
      gender: row.gender,
      seeking_gender: row.seekingGender,
      date_of_birth: row.dateOfBirth.toISOString().slice(0, 10),
      age: ageOn(row.dateOfBirth, now),
      country: row.countryCode,
      region_id: row.regionId,
      city_id: row.cityId,
      city: row.city?.name ?? null,
      photos: photos.map(({ id, url, main }) => ({ id, url, main })),
      conversations,
    };
    return { partner };
  }

  /** A new chat partner: an account that cannot sign in, an active fictional profile. */
  async create(staff: StaffPrincipal, input: ChatPartnerInput): Promise<ChatPartnerResponse> {
    const checked = await this.profiles.check(input, null);
    const profileId = await this.prisma.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: { email: null, passwordHash: null, status: 'confirmed', confirmedAt: new Date() },
        select: { id: true },
      });
      const profile = await tx.profile.create({
        data: { ...checked.data, userId: user.id, status: 'active', fictional: true },
        select: { id: true },
      });
      await tx.profileInterest.createMany({
        data: checked.interestIds.map((interestId) => ({ profileId: profile.id, interestId })),
      });
      await this.audit.record(tx, staff, {
        action: 'partner.created',
        targetUserId: user.id,
        subjectType: 'profile',
        subjectId: profile.id,
        after: input,
      });
      return profile.id;
    });
    return this.get(staff, profileId);
  }

  async update(
    staff: StaffPrincipal,
    profileId: number,
    input: ChatPartnerInput,
  ): Promise<ChatPartnerResponse> {
    const before = await this.get(staff, profileId);
    const checked = await this.profiles.check(input, null);
    await this.prisma.$transaction(async (tx) => {
      await this.profiles.write(tx, profileId, checked, { fictional: true });
      await this.audit.record(tx, staff, {
        action: 'partner.updated',
        subjectType: 'profile',
        subjectId: profileId,
        before: withoutPhotos(before.partner),
        after: input,
      });
    });
    return this.get(staff, profileId);
  }

  async addPhoto(staff: StaffPrincipal, profileId: number, upload: Buffer) {
    await this.get(staff, profileId);
    const photo = await this.photos.addPartnerPhoto(profileId, upload);
    await this.audit.record(this.prisma, staff, {
      action: 'partner.photo_added',
      subjectType: 'photo',
      subjectId: photo.id,
      after: { profile: profileId, main: photo.main },
    });
    return this.get(staff, profileId);
  }

  async removePhoto(staff: StaffPrincipal, profileId: number, photoId: number) {
    const { photos } = await this.reads.partner(staffViewerOf(staff), profileId);
    const photo = photos.find((p) => p.id === photoId);
    if (!photo) throw new AppError('not_found');
    const next = photos.find((p) => p.id !== photoId)?.id ?? null;
    await this.photos.removePartnerPhoto(profileId, photo, next);
    await this.audit.record(this.prisma, staff, {
      action: 'partner.photo_removed',
      subjectType: 'photo',
      subjectId: photoId,
      before: { profile: profileId, main: photo.main },
    });
    return this.get(staff, profileId);
  }
}

const withoutPhotos = ({ photos: _photos, ...rest }: ChatPartner) => rest;
