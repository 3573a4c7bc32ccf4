import { Injectable } from '@nestjs/common';
import type { Language } from '../common/constants';
import { PrismaService } from '../prisma/prisma.service';

@Injectable()
export class AccountsService {
  constructor(private readonly prisma: PrismaService) {}

  setLanguage(userId: number, language: Language) {
    return this.prisma.user.update({
      where: { id: userId },
      data: { language },
      include: { profile: true },
    });
  }
}
