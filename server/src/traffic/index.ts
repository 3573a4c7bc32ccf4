/** Which traffic pays: the traffic report, its beacons and rollup, the affiliate postbacks. */
export { TrafficModule } from './traffic.module';
export { PostbackOutbox } from './postback-outbox.service';
export { TrafficRollupTask } from './traffic-rollup.task';
