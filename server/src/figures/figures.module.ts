import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { FiguresController } from './figures.controller';
import { FiguresQueries } from './figures.queries';
import { FiguresRollupTask } from './figures-rollup.task';
import { FiguresService } from './figures.service';

/**
 * The console's figures (admins): GET /api/staff/figures, and the worker's hourly rollup of past
 * days into daily_figures.
 */
@Module({
  imports: [MemberAccessModule],
  controllers: [FiguresController],
  providers: [FiguresQueries, FiguresService, FiguresRollupTask],
})
export class FiguresModule {}
