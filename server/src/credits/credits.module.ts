import { Module } from '@nestjs/common';
import { CreditsService } from './credits.service';
import { CreditsPurge } from './credits.purge';

@Module({ providers: [CreditsService, CreditsPurge], exports: [CreditsService] })
export class CreditsModule {}
