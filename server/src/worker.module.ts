import { DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from './config/config';
import { CoreModule } from './core.module';
import { QueueModule } from './queue';
import { AuthModule } from './auth';
import { StaffModule } from './staff';
import { MailModule } from './mail';
import { DeletionModule } from './deletion';
import { NotificationsModule } from './notifications';
import { NotificationMailsModule } from './notification-mails';
import { AccountsModule } from './accounts';
import { MembersModule } from './members';
import { VisitorsModule } from './visitors';
import { FavouritesModule } from './favourites';
import { BoostsModule } from './boosts';
import { MemberAccessModule } from './member-access';
import { CreditsModule } from './credits';
import { IdempotencyModule } from './idempotency';
import { ComplaintsModule } from './complaints';
import { StatementsModule } from './statements';
import { ChatsModule } from './chats';
import { StaffPartnersStepsModule } from './staff-partners';
import { PaymentsModule } from './payments';
import { SmsModule } from './sms';
import { FiguresModule } from './figures';
import { TrafficModule } from './traffic';
import { PushModule } from './push';
import { DataExportModule } from './data-export';
import { VerificationWorkerModule } from './verification';
import { PhotoScreeningModule } from './photo-screening';
import { InspectionMetricsModule } from './inspection';
import { CampaignsWorkerModule } from './campaigns';

/**
 * Everything the worker process runs (worker.ts): the shared infrastructure (CoreModule, with
 * the jobs' budgets) and the features whose `@QueueJob()` handlers and `@Maintenance()` tasks
 * the registry starts.
 */
@Module({})
export class WorkerModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        // the worker's statements may run longer than a request's (forJobs, config/timeouts.ts)
        CoreModule.forRoot(config, 'worker'),
        QueueModule,
        AuthModule,
        StaffModule,
        MailModule,
        DeletionModule,
        NotificationsModule,
        NotificationMailsModule,
        CampaignsWorkerModule,
        // every feature with a purge step (@Purges) and export step (@Exports): the purge and the
        // export refuse to run without all of them
        MemberAccessModule,
        AccountsModule,
        MembersModule,
        // profile visits (their purge step and the hourly retention purge) and favourites
        VisitorsModule,
        FavouritesModule,
        // boosts (their purge step)
        BoostsModule,
        CreditsModule,
        IdempotencyModule,
        ComplaintsModule,
        StatementsModule,
        ChatsModule,
        StaffPartnersStepsModule,
        // the purge step of stored payment methods, and the hourly check of pending payments
        SmsModule,
        PaymentsModule,
        // the hourly rollup of the console's figures
        FiguresModule,
        // the hourly traffic rollup, the postback queue's worker and the postbacks' purge step
        TrafficModule,
        // the web push channel of the notify worker
        PushModule,
        // "Download my data": builds the ZIPs, removes expired ones, and its purge step
        DataExportModule,
        VerificationWorkerModule,
        // pre-screening: scores every new photo with the model (issue 35, point 1)
        PhotoScreeningModule,
        // the photo inspection queue's gauge (photos_under_inspection)
        InspectionMetricsModule,
      ],
    };
  }
}
