import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { FileStorage, createFileStorage } from './file-storage';
import { MediaSigner } from './media-signer';

/** Member files (local disk or S3) and the signed URLs they are served at. */
@Global()
@Module({
  providers: [
    {
      provide: FileStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => createFileStorage(config),
    },
    MediaSigner,
  ],
  exports: [FileStorage, MediaSigner],
})
export class StorageModule {}
