import { Body, Controller, Get, Put, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { Returns } from '../common/responses';
import { OwnProfileResponseDto, ProfileUpdateBody } from './profiles.dto';
import { ProfilesService } from './profiles.service';

@ApiTags('profiles')
@Controller('api')
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Get('profile.php')
  @Returns(OwnProfileResponseDto)
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: "The member's own profile, as the profile editor shows it" })
  async get(@CurrentSession() session: CurrentSessionData) {
    return { profile: await this.profiles.own(session.userId) };
  }

  @Put('profile.php')
  @Returns(OwnProfileResponseDto)
  @UseGuards(AuthGuard)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary:
      'Saves the whole own profile in one validated call; 400 invalid_name_email, ' +
      'invalid_name_at, birthdate_required, invalid_birthdate, invalid_region, invalid_city, ' +
      'invalid_interest or validation_failed, each with its field',
  })
  async update(@CurrentSession() session: CurrentSessionData, @Body() body: ProfileUpdateBody) {
    return { profile: await this.profiles.update(session.userId, body) };
  }
}
