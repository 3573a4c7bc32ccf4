import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { LikesController } from './likes.controller';
import { LikesService } from './likes.service';

@Module({
  imports: [MemberAccessModule],
  controllers: [LikesController],
  providers: [LikesService],
  exports: [LikesService],
})
export class LikesModule {}
