import { Module } from '@nestjs/common';
import { PhotoProcessor } from './photo-processor';

/**
 * The photo pipeline on its pool of worker threads (PhotoProcessor), for every feature that
 * takes uploads: imported by each, one pool per app.
 */
@Module({ providers: [PhotoProcessor], exports: [PhotoProcessor] })
export class PhotoProcessingModule {}
