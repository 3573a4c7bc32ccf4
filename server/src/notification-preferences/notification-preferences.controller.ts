import { Body, Controller, Get, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { Returns } from '../common/responses';
import {
  EnableEmailQueryDto,
  NotificationPreferencesBody,
  NotificationSettingsResponseDto,
} from './notification-preferences.dto';
import { NotificationPreferencesService } from './notification-preferences.service';

@ApiTags('accounts')
@Controller('api')
@UseGuards(AuthGuard)
export class NotificationPreferencesController {
  constructor(private readonly preferences: NotificationPreferencesService) {}

  @Get('notifications.php')
  @Returns(NotificationSettingsResponseDto)
  @ApiOperation({
    summary: 'The member’s notification preferences and why e-mail is off, if it is',
  })
  get(@CurrentSession() session: CurrentSessionData) {
    return this.preferences.get(session.userId);
  }

  @Put('notifications.php')
  @Returns(NotificationSettingsResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Changes the preferences the body names (booleans)' })
  update(@CurrentSession() session: CurrentSessionData, @Body() body: NotificationPreferencesBody) {
    return this.preferences.update(session.userId, body);
  }

  @Post('notifications.php')
  @Returns(NotificationSettingsResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'With ?enable_email=1: e-mail again after a bounce, spam report or unsubscribe',
  })
  enableEmail(@CurrentSession() session: CurrentSessionData, @Query() _query: EnableEmailQueryDto) {
    return this.preferences.enableEmail(session.userId);
  }
}
