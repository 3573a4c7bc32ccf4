import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { SwipeController } from './swipe.controller';
import { SwipeService } from './swipe.service';

@Module({
  imports: [MemberAccessModule],
  controllers: [SwipeController],
  providers: [SwipeService],
})
export class SwipeModule {}
