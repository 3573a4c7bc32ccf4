import { Module } from '@nestjs/common';
import { ChatsModule } from '../chats';
import { MemberAccessModule } from '../member-access';
import { OperatorReviewController } from './operator-review.controller';
import { OperatorReviewService } from './operator-review.service';

/**
 * The admins' review per operator (the console's `operators` area): answered conversations,
 * replies, reply times and a random sample of replies beside the member's message before each.
 */
@Module({
  imports: [MemberAccessModule, ChatsModule],
  controllers: [OperatorReviewController],
  providers: [OperatorReviewService],
})
export class StaffOperatorsModule {}
