import { Module } from '@nestjs/common';
import { VisitorCountry } from './visitor-country.service';

@Module({ providers: [VisitorCountry], exports: [VisitorCountry] })
export class VisitorCountryModule {}
