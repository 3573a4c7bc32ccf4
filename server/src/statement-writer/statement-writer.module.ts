import { Module } from '@nestjs/common';
import { MailModule } from '../mail';
import { Statements } from './statements';

/** The statement writer alone, for the features that decide (inspection, complaints). */
@Module({
  imports: [MailModule],
  providers: [Statements],
  exports: [Statements],
})
export class StatementWriterModule {}
