import { Injectable, Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { PhotoProcessor } from '../photos';
import { FileStorage } from '../storage';

/**
 * Verification selfies in storage (`selfies/`): through the photo pipeline (type sniffed,
 * size and pixel limits, HEIC, strict decoding, re-encoded to WebP without metadata), stored
 * under a random name, only the full size. Removed as soon as their request is decided or
 * expires; a failed removal is logged (the row no longer names the file, nobody can fetch it).
 */
@Injectable()
export class Selfies {
  private readonly logger = new Logger('Verification');

  constructor(
    private readonly storage: FileStorage,
    private readonly pipeline: PhotoProcessor,
  ) {}

  /** Processes and stores an upload; its stored name. Bad input: the pipeline's 4xx. */
  async store(upload: Buffer): Promise<string> {
    const processed = await this.pipeline.process(upload);
    const name = `${randomBytes(18).toString('base64url')}.webp`;
    await this.storage.put('selfies', name, processed.files.full, 'image/webp');
    return name;
  }

  read(name: string): Promise<Buffer | null> {
    return this.storage.get('selfies', name);
  }

  async remove(name: string | null): Promise<void> {
    if (!name) return;
    try {
      await this.storage.delete('selfies', name);
    } catch (error) {
      this.logger.warn(`Could not remove selfie ${name}: ${String(error)}`);
    }
  }
}
