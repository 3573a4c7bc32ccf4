import { Injectable } from '@nestjs/common';
import type { MemberResponse } from '@app/contract';
import { ageOn } from '../common/age';
import { SIGNUP_MATCHES_COUNT } from '@app/contract';
import {
  FirstMatches,
  MemberLists,
  ProfilePages,
  type ProfileCard,
  type ProfileCardRow,
  type Viewer,
} from '../member-access';
import { LikesService } from '../likes';
import { VisitsService } from '../visitors';

@Injectable()
export class MembersService {
  constructor(
    private readonly profilePages: ProfilePages,
    private readonly firstMatches: FirstMatches,
    private readonly lists: MemberLists,
    private readonly likes: LikesService,
    private readonly visits: VisitsService,
  ) {}

  /**
   * A member's profile page, if the viewer (null: a visitor) may see it; else 404 not_found.
   * Opening it clears the new flag of the like its member gave the viewer, and records the
   * member's visit in the background (the visitors feature decides whether it counts). Whether
   * the member likes the viewer is said as far as the viewer may see likers (LikesService).
   */
  async profile(viewer: Viewer, profileId: number): Promise<MemberResponse> {
    const page = await this.profilePages.page(viewer, profileId);
    if (page.profile.relation?.liked_by) await this.likes.markSeen(viewer, profileId);
    this.visits.recordAfterRead(viewer, profileId);
    // who liked the viewer is premium's (free_members_see_likes): a free member is not told here
    return this.likes.withLikerHidden(viewer, page);
  }

  /**
   * The first matches shown right after signup: visible members of the gender the member seeks,
   * in the member's country; real members before chat pals, same region first, then the nearest
   * in age, then the most recently active. The candidates are the most recently active
   * (FirstMatches: one statement, read from the list index in its order).
   */
  async signupMatches(viewer: NonNullable<Viewer>, now = new Date()): Promise<ProfileCard[]> {
    const { own, rows } = await this.firstMatches.candidates(viewer);
    if (!own) return [];
    const myAge = ageOn(own.dateOfBirth, now);
    // real members first (chat pals, always labelled, only fill up), then the same region,
    // then the nearest age, then the most recently active
    const rank = (row: ProfileCardRow) => [
      row.fictional ? 1 : 0,
      own.regionId !== null && row.regionId === own.regionId ? 0 : 1,
      Math.abs(ageOn(row.dateOfBirth, now) - myAge),
    ];
    const compare = (a: number[], b: number[]) =>
      a.reduce((result, value, i) => result || value - b[i], 0);
    const chosen = rows
      .map((row, order) => ({ row, order, key: rank(row) }))
      .sort((a, b) => compare(a.key, b.key) || a.order - b.order)
      .slice(0, SIGNUP_MATCHES_COUNT)
      .map(({ row }) => row);
    return this.lists.cards(viewer, chosen, now);
  }
}
