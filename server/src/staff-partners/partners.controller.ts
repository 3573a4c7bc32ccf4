import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Put,
  Req,
  UseInterceptors,
} from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Returns } from '../common/responses';
import { ApiPhotoUpload, PhotoUploadInterceptor, type PhotoUploadRequest } from '../photos';
import { CurrentStaff, Staff, type StaffPrincipal } from '../staff';
import { PartnersService } from './partners.service';
import {
  ChatPartnerBody,
  ChatPartnerResponseDto,
  ChatPartnersResponseDto,
  IdParam,
  PhotoParam,
} from './staff-partners.dto';

const CLIENT_HEADER = { name: 'X-Request-Type', required: true, description: 'client' };

/** Admins: the chat partners (fictional profiles) and their photos. */
@ApiTags('staff')
@Controller('api/staff/partners')
export class PartnersController {
  constructor(private readonly partners: PartnersService) {}

  @Get()
  @Staff('admin')
  @Returns(ChatPartnersResponseDto)
  @ApiOperation({ summary: 'Admin: every chat partner (fictional profile), by name' })
  list(@CurrentStaff() staff: StaffPrincipal) {
    return this.partners.list(staff);
  }

  @Post()
  @Staff('admin')
  @Returns(ChatPartnerResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: a new chat partner (always fictional; audited)' })
  create(@CurrentStaff() staff: StaffPrincipal, @Body() body: ChatPartnerBody) {
    return this.partners.create(staff, body);
  }

  @Get(':id')
  @Staff('admin')
  @Returns(ChatPartnerResponseDto)
  @ApiOperation({ summary: 'Admin: one chat partner with its photos' })
  get(@CurrentStaff() staff: StaffPrincipal, @Param() params: IdParam) {
    return this.partners.get(staff, params.id);
  }

  @Put(':id')
  @Staff('admin')
  @Returns(ChatPartnerResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: edits a chat partner (the profile editor’s rules; audited)' })
  update(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Body() body: ChatPartnerBody,
  ) {
    return this.partners.update(staff, params.id, body);
  }

  @Post(':id/photos')
  @Staff('admin')
  @UseInterceptors(PhotoUploadInterceptor)
  @Returns(ChatPartnerResponseDto, 201)
  @ApiHeader(CLIENT_HEADER)
  @ApiPhotoUpload()
  @ApiOperation({
    summary: 'Admin: a chat partner’s photo (sniffed, re-encoded, metadata removed; audited)',
  })
  addPhoto(
    @CurrentStaff() staff: StaffPrincipal,
    @Param() params: IdParam,
    @Req() req: PhotoUploadRequest,
  ) {
    return this.partners.addPhoto(staff, params.id, req.file!.buffer);
  }

  @Delete(':id/photos/:photo')
  @Staff('admin')
  @Returns(ChatPartnerResponseDto)
  @ApiHeader(CLIENT_HEADER)
  @ApiOperation({ summary: 'Admin: removes a chat partner’s photo (audited)' })
  removePhoto(@CurrentStaff() staff: StaffPrincipal, @Param() params: PhotoParam) {
    return this.partners.removePhoto(staff, params.id, params.photo);
  }
}
