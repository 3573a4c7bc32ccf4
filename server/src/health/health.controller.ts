import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { HealthResponseDto, LivenessResponseDto } from './health.dto';
import { HealthService, type Health, type Liveness } from './health.service';

@ApiTags('health')
@Controller('api')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('health')
  @Returns(HealthResponseDto)
  @ApiOperation({
    summary: 'Readiness (as /api/health/ready): PostgreSQL and Redis answer; 503 otherwise',
  })
  check(): Promise<Health> {
    return this.health.ready();
  }

  @Get('health/ready')
  @Returns(HealthResponseDto)
  @ApiOperation({
    summary:
      'Readiness: PostgreSQL and Redis each answer within 1 s; 503 service_unavailable otherwise',
  })
  ready(): Promise<Health> {
    return this.health.ready();
  }

  @Get('health/live')
  @Returns(LivenessResponseDto)
  @ApiOperation({ summary: 'Liveness: the process answers (asks nothing of PostgreSQL or Redis)' })
  live(): Liveness {
    return this.health.live();
  }
}
