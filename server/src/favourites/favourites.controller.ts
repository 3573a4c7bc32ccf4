import { Body, Controller, Delete, Get, Put, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { Returns } from '../common/responses';
import { FavouriteBody, FavouriteResponseDto, FavouritesResponseDto } from './favourites.dto';
import { FavouritesService } from './favourites.service';

@ApiTags('favourites')
@Controller('api')
@UseGuards(AuthGuard)
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @Put('favourite.php')
  @Returns(FavouriteResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({
    summary: 'Adds a member to the caller’s favourites (idempotent; 404 when not contactable)',
  })
  add(@CurrentSession() session: CurrentSessionData, @Body() body: FavouriteBody) {
    return this.favourites.add(viewerOf(session), body.member);
  }

  @Delete('favourite.php')
  @Returns(FavouriteResponseDto)
  @ApiHeader({ name: 'X-Request-Type', required: true, description: 'client' })
  @ApiOperation({ summary: 'Removes a member from the caller’s favourites (idempotent)' })
  remove(@CurrentSession() session: CurrentSessionData, @Body() body: FavouriteBody) {
    return this.favourites.remove(viewerOf(session), body.member);
  }

  @Get('favourites.php')
  @Returns(FavouritesResponseDto)
  @ApiOperation({ summary: 'The caller’s own favourites, newest first, as cards' })
  list(@CurrentSession() session: CurrentSessionData) {
    return this.favourites.list(viewerOf(session));
  }
}
