import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { Staff } from '../staff';
import { FiguresQueryDto, FiguresResponseDto } from './figures.dto';
import { FiguresService } from './figures.service';

@ApiTags('staff')
@Controller('api/staff/figures')
export class FiguresController {
  constructor(private readonly figures: FiguresService) {}

  @Get()
  @Staff('admin')
  @Returns(FiguresResponseDto)
  @ApiOperation({
    summary:
      'Admin: figures per day (Europe/Amsterdam) over the last 7, 30 or 90 days: signups, ' +
      'activations, first purchases, revenue per method, messages, the photo queue; with totals',
  })
  read(@Query() query: FiguresQueryDto) {
    return this.figures.read(query.range);
  }
}
