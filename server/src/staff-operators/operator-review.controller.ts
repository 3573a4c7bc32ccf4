import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { OperatorReviewService } from './operator-review.service';
import {
  IdParam,
  OperatorReviewQueryDto,
  OperatorReviewResponseDto,
  OperatorsResponseDto,
} from './staff-operators.dto';

/** Admins: the operators' answered conversations, reply times and a sample of replies. */
@ApiTags('staff')
@Controller('api/staff/operators')
export class OperatorReviewController {
  constructor(private readonly review: OperatorReviewService) {}

  @Get()
  @Staff('admin')
  @Returns(OperatorsResponseDto)
  @ApiOperation({
    summary:
      'Admin: per operator, answered conversations, replies and reply times (1/7/30/90 days)',
  })
  list(@Query() query: OperatorReviewQueryDto) {
    return this.review.operators(query.days as unknown as number);
  }

  @Get(':id')
  @Staff('admin')
  @Returns(OperatorReviewResponseDto)
  @ApiOperation({
    summary: 'Admin: one operator’s figures and a random sample of their replies (audited)',
  })
  one(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Query() query: OperatorReviewQueryDto,
  ) {
    return this.review.review(staff, params.id, query.days as unknown as number);
  }
}
