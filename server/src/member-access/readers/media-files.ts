import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../prisma/prisma.service';

/** The photos feature's /media route: whether a photo file may still be served. */
@Injectable()
export class MediaFiles {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Whether a photo file may be served at a `public` URL now: its photo is active and its
   * profile is one the visibility rule shows at all (a rejected photo, a banned or deleted
   * member: the URLs handed out before stop working at once).
   */
  async isPublic(filename: string): Promise<boolean> {
    const found = await this.prisma.photo.count({
      where: {
        filename,
        status: 'active',
        profile: { status: 'active', user: { status: 'confirmed' } },
      },
    });
    return found > 0;
  }
}
