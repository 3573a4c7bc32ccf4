import { createZodDto } from '../common/zod-dto';
import { favouriteRequest, favouriteResponse, favouritesResponse } from '@app/contract';

export class FavouriteBody extends createZodDto(favouriteRequest) {}
export class FavouriteResponseDto extends createZodDto(favouriteResponse) {}
export class FavouritesResponseDto extends createZodDto(favouritesResponse) {}
