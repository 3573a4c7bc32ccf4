import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Req,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Returns } from '../common/responses';
import { IdempotencyKey, IdempotencyKeyRequired } from '../idempotency';
import { ConsoleRefunds } from '../payments';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { AccountActions } from './account-actions';
import { CreditAdjustments } from './credit-adjustments';
import {
  CreditAdjustmentBodyDto,
  CreditAdjustmentResponseDto,
  EndSessionsBodyDto,
  EndSessionsResponseDto,
  EraseBodyDto,
  EraseResponseDto,
  MemberIdParam,
  MemberSearchQueryDto,
  MemberSearchResponseDto,
  PaymentRefundBodyDto,
  PaymentRefundParams,
  PaymentRefundResponseDto,
  ReactivateBodyDto,
  ReactivateResponseDto,
  StaffMemberPageDto,
} from './staff-members.dto';
import { StaffMembers } from './staff-members.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** The console's members area: admins only (e-mail, IP and payments are never for other roles). */
@ApiTags('staff')
@Controller('api/staff/members')
export class StaffMembersController {
  constructor(
    private readonly members: StaffMembers,
    private readonly credits: CreditAdjustments,
    private readonly account: AccountActions,
    private readonly refunds: ConsoleRefunds,
  ) {}

  @Get()
  @Staff('admin')
  @Returns(MemberSearchResponseDto)
  @ApiOperation({
    summary:
      'Admin: members by id (digits), e-mail address (with @, exact) or name (part of it, or ' +
      'its start below 3 characters), newest first, 20 a page',
  })
  search(@Query() query: MemberSearchQueryDto) {
    return this.members.search(query.q, query.after);
  }

  @Get(':id')
  @Staff('admin')
  @Returns(StaffMemberPageDto)
  @ApiOperation({
    summary:
      "Admin: a member's page: account, profile, photos, payments, ledger, sessions, " +
      'complaints by and against them, audit rows (each the newest 50)',
  })
  page(@Param() params: MemberIdParam) {
    return this.members.page(params.id);
  }

  @Post(':id/credits')
  @HttpCode(200)
  @Staff('admin')
  @UseGuards(new IdempotencyKeyRequired('uuid'))
  @Returns(CreditAdjustmentResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    schema: { type: 'string', format: 'uuid' },
    description: 'One UUID per intended adjustment, the same on every retry: it books once',
  })
  @ApiOperation({
    summary:
      'Admin: gives (+) or takes (-) credits with a reason: a ledger row and an audit row; ' +
      '422 credits_below_zero when the balance would go below zero',
  })
  adjustCredits(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: MemberIdParam,
    @Body() body: CreditAdjustmentBodyDto,
    @IdempotencyKey() key: string,
    @Req() req: Request,
  ) {
    return this.credits.adjustCredits(staff, params.id, body, key, req.ip);
  }

  @Post(':id/payments/:payment/refund')
  @HttpCode(200)
  @Staff('admin')
  @UseGuards(new IdempotencyKeyRequired('uuid'))
  @Returns(PaymentRefundResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    schema: { type: 'string', format: 'uuid' },
    description: 'One UUID per intended refund, the same on every retry: it refunds once',
  })
  @ApiOperation({
    summary:
      'Admin: refunds a paid payment of the member, in full or in part, through the provider; ' +
      'the credits are taken back as far as unspent (a ledger row) and an audit row is written; ' +
      '422 refund_exceeds_payment beyond what is left, 409 payment_not_refundable',
  })
  refund(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: PaymentRefundParams,
    @Body() body: PaymentRefundBodyDto,
    @IdempotencyKey() key: string,
    @Req() req: Request,
  ) {
    return this.refunds.refund(staff, params.id, params.payment, body, key, req.ip);
  }

  @Post(':id/end-sessions')
  @HttpCode(200)
  @Staff('admin')
  @Returns(EndSessionsResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary: "Admin: ends every session of the member; their open pages' sockets end at once",
  })
  endSessions(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: MemberIdParam,
    @Body() body: EndSessionsBodyDto,
    @Req() req: Request,
  ) {
    return this.account.endSessions(staff, params.id, body.reason, req.ip);
  }

  @Post(':id/reactivate')
  @HttpCode(200)
  @Staff('admin')
  @Returns(ReactivateResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      'Admin: a deleted (not yet purged) account or a switched-off profile back to active; ' +
      '409 member_not_reactivatable otherwise',
  })
  reactivate(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: MemberIdParam,
    @Body() body: ReactivateBodyDto,
    @Req() req: Request,
  ) {
    return this.account.reactivate(staff, params.id, body.reason, req.ip);
  }

  @Post(':id/erase')
  @HttpCode(200)
  @Staff('admin')
  @Returns(EraseResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({
    summary:
      "Admin: erases the member now (GDPR art. 17 purge), confirmed by the member's id typed " +
      'in confirm_id (400 erase_confirmation_mismatch otherwise)',
  })
  erase(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: MemberIdParam,
    @Body() body: EraseBodyDto,
    @Req() req: Request,
  ) {
    return this.account.erase(staff, params.id, body.confirm_id, req.ip);
  }
}
