import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { HealthResponseDto } from './health.dto';
import { HealthService, type Health } from './health.service';

@ApiTags('health')
@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health')
  @Returns(HealthResponseDto)
  @ApiOperation({ summary: 'Database and Redis reachability; 503 service_unavailable otherwise' })
  check(): Promise<Health> {
    return this.health.check();
  }
}
