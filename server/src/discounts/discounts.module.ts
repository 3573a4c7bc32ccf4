import { Module } from '@nestjs/common';
import { DiscountsAdminController } from './discounts-admin.controller';
import { DiscountsAdmin } from './discounts-admin.service';
import { DiscountsController } from './discounts.controller';
import { DiscountsService } from './discounts.service';

@Module({
  controllers: [DiscountsController, DiscountsAdminController],
  providers: [DiscountsService, DiscountsAdmin],
  exports: [DiscountsService],
})
export class DiscountsModule {}
