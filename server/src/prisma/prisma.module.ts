import { Global, Module } from '@nestjs/common';
import { PrismaService } from './prisma.service';
import { ReadPool } from './read-pool';

@Global()
@Module({ providers: [PrismaService, ReadPool], exports: [PrismaService, ReadPool] })
export class PrismaModule {}
