import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { trafficBeaconRequest } from '@app/contract';
import { createZodDto } from '../common/zod-dto';
import { AllowExternalCaller } from '../common/request-type.guard';
import { RateLimit } from '../common/rate-limit.guard';
import { OkResponseDto, Returns } from '../common/responses';
import { TrafficBeacons } from './traffic-beacons.service';

class TrafficBeaconBody extends createZodDto(trafficBeaconRequest) {}

@ApiTags('members')
@Controller('api')
export class TrafficBeaconController {
  constructor(private readonly beacons: TrafficBeacons) {}

  /** navigator.sendBeacon cannot set X-Request-Type; the call only counts, so it needs none. */
  @Post('traffic-beacon.php')
  @AllowExternalCaller()
  @RateLimit('traffic_beacons')
  @Returns(OkResponseDto)
  @ApiOperation({
    summary:
      "Traffic beacon: a visit (a browser session's first landing with tracking data) or a " +
      'bounce (that landing page left before the visitor went on), counted per day and source',
  })
  async beacon(@Body() body: TrafficBeaconBody) {
    await this.beacons.count(body.kind, body.source);
    return { ok: true as const };
  }
}
