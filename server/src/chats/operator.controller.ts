import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { staffViewerOf } from '../member-access';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { OperatorQueueResponseDto } from './chats.dto';
import { OperatorService } from './operator.service';

@ApiTags('operator')
@Controller('api')
export class OperatorController {
  constructor(private readonly operator: OperatorService) {}

  @Get('operator-queue.php')
  @Staff('operator')
  @Returns(OperatorQueueResponseDto)
  @ApiOperation({
    summary: 'Staff: conversations with a chat pal waiting for a reply, oldest first',
  })
  queue(@CurrentStaff() staff: StaffPrincipal) {
    return this.operator.queue(staffViewerOf(staff));
  }
}
