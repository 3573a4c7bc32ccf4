import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { bookkeepingQuery, vatReportResponse, type BookkeepingFile } from '@app/contract';
import { Returns } from '../common/responses';
import { createZodDto } from '../common/zod-dto';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { VatExport } from './vat-export.service';

class BookkeepingQueryDto extends createZodDto(bookkeepingQuery) {}
class VatReportResponseDto extends createZodDto(vatReportResponse) {}

const CSV = {
  content: { 'text/csv': { schema: { type: 'string' as const } } },
};

/** Admins: the quarter's VAT for the bookkeeping (EU OSS), previewed and as CSV. */
@ApiTags('staff')
@Controller('api/staff/bookkeeping')
export class BookkeepingController {
  constructor(private readonly vat: VatExport) {}

  @Get('vat')
  @Staff('admin')
  @Returns(VatReportResponseDto)
  @ApiOperation({
    summary:
      'Admin: the quarter (quarter=2026-Q3) per country, currency and VAT rate: invoices, ' +
      'refunds and chargebacks (negative), net, VAT and gross in cents, with totals per currency',
  })
  report(@Query() query: BookkeepingQueryDto) {
    return this.vat.report(query.quarter);
  }

  @Get('vat-summary.csv')
  @Staff('admin')
  @ApiOkResponse({ description: 'The per-country summary (OSS) as CSV (audited)', ...CSV })
  @ApiOperation({ summary: 'Admin: the quarter per country, currency and VAT rate as CSV' })
  summary(
    @Query() query: BookkeepingQueryDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.download('summary', query.quarter, staff, req);
  }

  @Get('vat-lines.csv')
  @Staff('admin')
  @ApiOkResponse({
    description: 'Every invoice, refund and chargeback line as CSV (audited)',
    ...CSV,
  })
  @ApiOperation({ summary: 'Admin: every invoice and reversal line of the quarter as CSV' })
  lines(
    @Query() query: BookkeepingQueryDto,
    @CurrentStaff() staff: StaffPrincipal,
    @Req() req: Request,
  ) {
    return this.download('lines', query.quarter, staff, req);
  }

  private async download(
    file: BookkeepingFile,
    quarter: string,
    staff: StaffPrincipal,
    req: Request,
  ) {
    const csv = await this.vat.csv(staff, quarter, file, req.ip);
    req.res?.setHeader('Content-Type', 'text/csv; charset=utf-8');
    req.res?.setHeader('Content-Disposition', `attachment; filename="vat-${file}-${quarter}.csv"`);
    return csv;
  }
}
