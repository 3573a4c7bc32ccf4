import { Module } from '@nestjs/common';
import { AffiliateNetworks } from './affiliate-networks.service';
import { PostbackOutbox } from './postback-outbox.service';
import { PostbackProcessor } from './postback.processor';
import { PostbackSender } from './postback-sender';
import { TrafficBeaconController } from './traffic-beacon.controller';
import { TrafficBeacons } from './traffic-beacons.service';
import { TrafficController } from './traffic.controller';
import { TrafficPurge } from './traffic.purge';
import { TrafficExport } from './traffic.export';
import { TrafficReport } from './traffic-report.service';
import { TrafficRollupTask } from './traffic-rollup.task';

/**
 * Which traffic pays: the traffic beacons (POST /api/traffic-beacon.php), the worker's hourly
 * rollup into daily_traffic, the admins' report (GET /api/staff/traffic, its CSV) and the
 * affiliate networks' postbacks (their settings, the outbox the signup, activation and
 * settlement write to, the postback queue's worker, the log).
 */
@Module({
  controllers: [TrafficBeaconController, TrafficController],
  providers: [
    TrafficBeacons,
    TrafficRollupTask,
    TrafficReport,
    AffiliateNetworks,
    PostbackOutbox,
    PostbackSender,
    PostbackProcessor,
    TrafficPurge,
    TrafficExport,
  ],
  exports: [PostbackOutbox],
})
export class TrafficModule {}
