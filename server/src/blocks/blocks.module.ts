import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';

@Module({
  imports: [MemberAccessModule],
  controllers: [BlocksController],
  providers: [BlocksService],
})
export class BlocksModule {}
