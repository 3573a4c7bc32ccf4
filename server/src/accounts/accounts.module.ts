import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { SettingsModule } from '../settings/settings.module';
import { CurrentSessionMiddleware } from './current-user';
import { SessionService } from './session.service';
import { AccountsService } from './accounts.service';
import { UserController } from './user.controller';

@Module({
  imports: [SettingsModule],
  controllers: [UserController],
  providers: [SessionService, AccountsService],
  exports: [SessionService],
})
export class AccountsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CurrentSessionMiddleware).forRoutes('*');
  }
}
