import { Module } from '@nestjs/common';
import { BouncesController } from './bounces.controller';
import { BouncesService } from './bounces.service';

@Module({ controllers: [BouncesController], providers: [BouncesService] })
export class BouncesModule {}
