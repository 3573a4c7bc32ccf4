import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE } from '@nestjs/core';
import type { AppConfig } from './config/config';
import { CoreModule } from './core.module';
import { AppExceptionFilter } from './common/exception.filter';
import { AppValidationPipe } from './common/validation.pipe';
import { RequestTypeGuard } from './common/request-type.guard';
import { RateLimitGuard } from './common/rate-limit.guard';
import { HealthModule } from './health';
import { SettingsModule } from './settings';
import { GeoModule } from './geo';
import { AuthModule } from './auth';
import { StaffModule } from './staff';
import { AccountsModule } from './accounts';
import { DeletionModule } from './deletion';
import { NotificationsModule } from './notifications';
import { DataExportModule } from './data-export';
import { NotificationMailsModule } from './notification-mails';
import { MembersModule } from './members';
import { ProfilesModule } from './profiles';
import { MemberAccessModule } from './member-access';
import { CreditsModule } from './credits';
import { IdempotencyModule } from './idempotency';
import { PhotosModule } from './photos';
import { InspectionModule } from './inspection';
import { VerificationModule } from './verification';
import { BlocksModule } from './blocks';
import { LikesModule } from './likes';
import { VisitorsModule } from './visitors';
import { FavouritesModule } from './favourites';
import { BoostsModule } from './boosts';
import { SearchModule } from './search';
import { BouncesModule } from './bounces';
import { SwipeModule } from './swipe';
import { LandersModule } from './landers';
import { ComplaintsModule } from './complaints';
import { StatementsModule } from './statements';
import { FiguresModule } from './figures';
import { TrafficModule } from './traffic';
import { StaffAccountsModule } from './staff-accounts';
import { StaffJobsModule } from './staff-jobs';
import { ChatsModule } from './chats';
import { StaffPartnersModule } from './staff-partners';
import { StaffOperatorsModule } from './staff-operators';
import { DiscountsModule } from './discounts';
import { PaymentsModule } from './payments';
import { SmsModule } from './sms';
import { StaffMembersModule } from './staff-members';
import { StaffSettingsModule } from './staff-settings';
import { PushModule } from './push';
import { NotificationPreferencesModule } from './notification-preferences';
import { SitePagesModule } from './site-pages';
import { CampaignsModule } from './campaigns';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, 'api'),
        HealthModule,
        IdempotencyModule,
        SettingsModule,
        GeoModule,
        AuthModule,
        StaffModule,
        AccountsModule,
        DeletionModule,
        NotificationsModule,
        DataExportModule,
        NotificationMailsModule,
        MemberAccessModule,
        CreditsModule,
        MembersModule,
        PhotosModule,
        InspectionModule,
        VerificationModule,
        BlocksModule,
        LikesModule,
        VisitorsModule,
        FavouritesModule,
        BoostsModule,
        SearchModule,
        BouncesModule,
        SwipeModule,
        LandersModule,
        ComplaintsModule,
        StatementsModule,
        ProfilesModule,
        ChatsModule,
        StaffPartnersModule,
        StaffOperatorsModule,
        SmsModule,
        DiscountsModule,
        CampaignsModule,
        StaffSettingsModule,
        PaymentsModule,
        FiguresModule,
        StaffJobsModule,
        TrafficModule,
        StaffAccountsModule,
        StaffMembersModule,
        PushModule,
        NotificationPreferencesModule,
        SitePagesModule,
      ],
      providers: [
        { provide: APP_PIPE, useClass: AppValidationPipe },
        { provide: APP_FILTER, useClass: AppExceptionFilter },
        { provide: APP_GUARD, useClass: RequestTypeGuard },
        { provide: APP_GUARD, useClass: RateLimitGuard },
      ],
    };
  }
}
