import { Module } from '@nestjs/common';
import { MemberAccessModule } from '../member-access';
import { FavouritesController } from './favourites.controller';
import { FavouritesPurge } from './favourites.purge';
import { FavouritesExport } from './favourites.export';
import { FavouritesService } from './favourites.service';

@Module({
  imports: [MemberAccessModule],
  controllers: [FavouritesController],
  providers: [FavouritesService, FavouritesPurge, FavouritesExport],
})
export class FavouritesModule {}
