import { Body, Controller, Delete, Get, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthGuard, CurrentSession, type CurrentSessionData } from '../auth';
import { viewerOf } from '../member-access';
import { RateLimit } from '../common/rate-limit.guard';
import { Returns } from '../common/responses';
import { Idempotent } from '../idempotency';
import {
  OwnPhotosResponseDto,
  PhotoDeleteBody,
  PhotoMainBody,
  PhotoUploadResponseDto,
} from './photos.dto';
import {
  ApiPhotoUpload,
  PhotoUploadInterceptor,
  type PhotoUploadRequest,
} from './photo-upload.interceptor';
import { PhotosService } from './photos.service';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

@ApiTags('photos')
@Controller('api')
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Get('photos.php')
  @UseGuards(AuthGuard)
  @Returns(OwnPhotosResponseDto)
  @ApiOperation({ summary: "The member's own photos with their state, and the photo limit" })
  list(@CurrentSession() session: CurrentSessionData) {
    return this.photos.list(viewerOf(session));
  }

  @Post('photo.php')
  @UseGuards(AuthGuard)
  @RateLimit('photo_uploads')
  // the upload is read first, so a reused key with another photo is 422
  @Idempotent({ upload: PhotoUploadInterceptor })
  @Returns(PhotoUploadResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiPhotoUpload()
  @ApiOperation({
    summary:
      'Uploads a photo (JPEG, PNG, WebP, HEIC, AVIF; sniffed, re-encoded, metadata removed); ' +
      'it is under inspection until staff approve it',
  })
  upload(@CurrentSession() session: CurrentSessionData, @Req() req: PhotoUploadRequest) {
    return this.photos.upload(viewerOf(session), req.file!.buffer);
  }

  @Put('photo.php')
  @UseGuards(AuthGuard)
  @Returns(OwnPhotosResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Makes one of the member’s photos the main photo' })
  setMain(@CurrentSession() session: CurrentSessionData, @Body() body: PhotoMainBody) {
    return this.photos.setMain(viewerOf(session), body.photo);
  }

  @Delete('photo.php')
  @UseGuards(AuthGuard)
  @Returns(OwnPhotosResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Deletes one of the member’s photos (row and files)' })
  remove(@CurrentSession() session: CurrentSessionData, @Body() body: PhotoDeleteBody) {
    return this.photos.remove(viewerOf(session), body.photo);
  }
}
