import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { ChallengeResponseDto } from './challenge.dto';
import { ChallengeService } from './challenge.service';

@ApiTags('accounts')
@Controller('api')
export class ChallengeController {
  constructor(private readonly challenges: ChallengeService) {}

  @Get('challenge.php')
  @Header('Cache-Control', 'no-store')
  @Returns(ChallengeResponseDto)
  @ApiOperation({
    summary:
      'A proof-of-work challenge (ALTCHA) for signup, a reset and a login after failures; ' +
      "its solution goes in the request's `altcha` field, once",
  })
  challenge() {
    return this.challenges.create();
  }
}
