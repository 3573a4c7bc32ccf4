import { Module } from '@nestjs/common';
import { CreditsService } from './credits.service';
import { CreditsPurge } from './credits.purge';
import { CreditsExport } from './credits.export';

@Module({ providers: [CreditsService, CreditsPurge, CreditsExport], exports: [CreditsService] })
export class CreditsModule {}
