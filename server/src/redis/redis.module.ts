import { Global, Module } from '@nestjs/common';
import { CacheInvalidation } from './invalidation';
import { RedisService } from './redis.service';

@Global()
@Module({
  providers: [RedisService, CacheInvalidation],
  exports: [RedisService, CacheInvalidation],
})
export class RedisModule {}
