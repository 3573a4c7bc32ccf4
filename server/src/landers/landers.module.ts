import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { LandersController } from './landers.controller';
import { LandersService } from './landers.service';

@Module({
  imports: [MemberAccessModule],
  controllers: [LandersController],
  providers: [LandersService],
  exports: [LandersService],
})
export class LandersModule {}
