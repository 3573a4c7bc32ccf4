import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { FavouritesController } from './favourites.controller';
import { FavouritesPurge } from './favourites.purge';
import { FavouritesService } from './favourites.service';

@Module({
  imports: [MemberAccessModule],
  controllers: [FavouritesController],
  providers: [FavouritesService, FavouritesPurge],
})
export class FavouritesModule {}
