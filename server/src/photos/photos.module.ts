import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { PhotoScreeningModule } from '../photo-screening';
import { PhotoProcessingModule } from './photo-processing.module';
import { MediaController } from './media.controller';
import { PhotosController } from './photos.controller';
import { PhotosService } from './photos.service';

/** Photos: upload and inspection, main photo, moderation, and the photo files themselves. */
@Module({
  imports: [MemberAccessModule, PhotoScreeningModule, PhotoProcessingModule],
  controllers: [PhotosController, MediaController],
  providers: [PhotosService],
  exports: [PhotosService],
})
export class PhotosModule {}
