import { Module } from '@nestjs/common';
import { PhotoScreeningProcessor, PhotoScreeningTask } from './photo-screening.processor';
import { PhotoScreening } from './photo-screening.service';

/** Pre-screening of new photos: the upload side, the worker's scoring and its hourly retry. */
@Module({
  providers: [PhotoScreening, PhotoScreeningProcessor, PhotoScreeningTask],
  exports: [PhotoScreening, PhotoScreeningProcessor],
})
export class PhotoScreeningModule {}
