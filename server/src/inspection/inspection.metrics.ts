import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { Metrics } from '../metrics';
import { InspectionReads } from '../member-access';

/**
 * photos_under_inspection: the photo inspection queue's length, read at each scrape (one indexed
 * count); left empty when PostgreSQL does not answer (docs/operations.md, "Metrics").
 */
@Injectable()
export class InspectionMetrics {
  private readonly logger = new Logger('Metrics');

  constructor(metrics: Metrics, reads: InspectionReads) {
    const gauge: Gauge = new Gauge({
      name: 'photos_under_inspection',
      help: 'Photos waiting for a moderator (the photo inspection queue)',
      registers: [metrics.registry],
      collect: async () => {
        gauge.reset();
        try {
          gauge.set((await reads.photoQueueLength()).waiting);
        } catch (error) {
          this.logger.warn(`Metrics: photos under inspection not collected: ${String(error)}`);
        }
      },
    });
  }
}
