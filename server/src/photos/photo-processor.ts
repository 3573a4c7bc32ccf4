import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, photoWorkers, type AppConfig } from '../config/config';
import type { ProcessedPhoto } from './photo-pipeline';
import { PhotoPool } from './photo-pool';

/**
 * The photo pipeline for the features that take uploads (profile photos, chat photos,
 * verification selfies, partner photos): on the process's pool of PHOTO_WORKERS worker threads
 * (photo-pool.ts), closed when the app shuts down, after the requests under way.
 */
@Injectable()
export class PhotoProcessor implements OnApplicationShutdown {
  private readonly logger = new Logger('Photos');
  private readonly pool: PhotoPool;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.pool = new PhotoPool({
      threads: photoWorkers(config),
      warn: (message) => this.logger.warn(message),
    });
  }

  /**
   * The stored sizes, dimensions and hash of an upload; a bad file is the pipeline's 4xx
   * AppError. The upload may be moved to the worker: the caller does not read it afterwards.
   */
  process(upload: Buffer): Promise<ProcessedPhoto> {
    return this.pool.process(upload);
  }

  onApplicationShutdown(): Promise<void> {
    return this.pool.close();
  }
}
