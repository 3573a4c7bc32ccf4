import { Controller, Delete, Get, Param, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { ApiPhotoUpload, PhotoUploadInterceptor, type PhotoUploadRequest } from '../photos';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { LibraryService } from './library.service';
import { LibraryPhotoParam, PartnerLibraryResponseDto } from './operator-tools.dto';
import { IdParam } from './staff-partners.dto';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Admins: a chat partner's photo library, which operators send from. */
@ApiTags('staff')
@Controller('api/staff/partners/:id/library')
export class LibraryController {
  constructor(private readonly library: LibraryService) {}

  @Get()
  @Staff('admin')
  @Returns(PartnerLibraryResponseDto)
  @ApiOperation({ summary: 'Admin: a chat partner’s photo library, newest first' })
  list(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return this.library.library(staff, params.id);
  }

  @Post()
  @Staff('admin')
  @UseInterceptors(PhotoUploadInterceptor)
  @Returns(PartnerLibraryResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiPhotoUpload()
  @ApiOperation({
    summary:
      'Admin: a photo for the partner’s library (sniffed, re-encoded, metadata removed; audited)',
  })
  add(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Req() req: PhotoUploadRequest,
  ) {
    return this.library.add(staff, params.id, req.file!.buffer);
  }

  @Delete(':photo')
  @Staff('admin')
  @Returns(PartnerLibraryResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: removes a photo from the partner’s library (audited)' })
  remove(@CurrentStaff() staff: StaffPrincipal, @Param() params: LibraryPhotoParam) {
    return this.library.remove(staff, params.id, params.photo);
  }
}
