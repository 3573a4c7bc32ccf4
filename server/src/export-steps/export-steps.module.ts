import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { PurgeModule } from '../purge';
import { ExportRegistry } from './export-registry';

/**
 * "Download my data" (GDPR art. 15 and 20): the registry of every feature's export step. The
 * steps live in their features (`@Exports()`), each beside the feature's purge step; the
 * data-export feature walks them and writes the ZIP.
 */
@Module({
  imports: [DiscoveryModule, PurgeModule],
  providers: [ExportRegistry],
  exports: [ExportRegistry],
})
export class ExportStepsModule {}
