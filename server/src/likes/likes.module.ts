import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SettingsModule } from '../settings';
import { LikesController } from './likes.controller';
import { LikesService } from './likes.service';

@Module({
  imports: [MemberAccessModule, SettingsModule],
  controllers: [LikesController],
  providers: [LikesService],
  exports: [LikesService],
})
export class LikesModule {}
