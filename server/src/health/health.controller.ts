import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { HealthService, type Health } from './health.service';

@ApiTags('health')
@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health')
  @ApiOkResponse({ description: 'Database and Redis reachability' })
  check(): Promise<Health> {
    return this.health.check();
  }
}
