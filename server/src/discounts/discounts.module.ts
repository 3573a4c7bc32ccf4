import { Module } from '@nestjs/common';
import { DiscountsAdminController } from './discounts-admin.controller';
import { DiscountsAdmin } from './discounts-admin.service';
import { DiscountsController } from './discounts.controller';
import { DiscountsService } from './discounts.service';
import { AccountLinksModule } from '../account-links';

@Module({
  imports: [AccountLinksModule],
  controllers: [DiscountsController, DiscountsAdminController],
  providers: [DiscountsService, DiscountsAdmin],
  exports: [DiscountsService],
})
export class DiscountsModule {}
