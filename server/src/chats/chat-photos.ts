import { Injectable, Logger } from '@nestjs/common';
import sharp from 'sharp';
import { PhotoProcessor } from '../photos';
import { FileStorage, newPhotoBase } from '../storage';
import { chatImageFiles } from './message.presenter';

/** The longer side of a chat photo's preview (the full size is at most 1600 px). */
const CHAT_THUMB_SIDE = 480;

/**
 * A chat photo ready to store: the full size, its preview, the full size's dimensions and its
 * perceptual hash (pre-screening).
 */
export interface ChatPhoto {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  hash: bigint;
}

/** A chat photo as the message names it (the full-size file's name). */
export interface StoredChatPhoto {
  filename: string;
  width: number;
  height: number;
}

/**
 * A chat photo's files: processed by the profile photos' pipeline (sniffed, checked, decoded,
 * re-encoded without metadata), written as two WebP files of the `chat` storage (which only the
 * conversation's two members can fetch: chat-media.controller.ts), removed again when the send
 * that wrote them fails or was a repeat.
 */
@Injectable()
export class ChatPhotos {
  private readonly logger = new Logger('Chat');

  constructor(
    private readonly storage: FileStorage,
    private readonly pipeline: PhotoProcessor,
  ) {}

  /** The upload may be moved to the pipeline's worker: the caller does not read it afterwards. */
  async process(upload: Buffer): Promise<ChatPhoto> {
    const processed = await this.pipeline.process(upload);
    const thumb = await sharp(processed.files.full)
      .resize(CHAT_THUMB_SIDE, CHAT_THUMB_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      full: processed.files.full,
      thumb,
      width: processed.width,
      height: processed.height,
      hash: processed.hash,
    };
  }

  /** Both files under a new name; when a write fails, what was written goes again. */
  async store(
    photo: Pick<ChatPhoto, 'full' | 'thumb' | 'width' | 'height'>,
  ): Promise<StoredChatPhoto> {
    const files = chatImageFiles(`${newPhotoBase()}-full.webp`);
    const written: string[] = [];
    try {
      for (const [name, data] of [
        [files.full, photo.full],
        [files.thumb, photo.thumb],
      ] as const) {
        written.push(name);
        await this.storage.put('chat', name, data, 'image/webp');
      }
    } catch (error) {
      await this.removeFiles(written);
      throw error;
    }
    return { filename: files.full, width: photo.width, height: photo.height };
  }

  /** Both files of a stored photo; a file that cannot be removed is logged, not thrown. */
  async remove(filename: string): Promise<void> {
    const files = chatImageFiles(filename);
    await this.removeFiles([files.full, files.thumb]);
  }

  private async removeFiles(names: string[]): Promise<void> {
    for (const name of names) {
      try {
        await this.storage.delete('chat', name);
      } catch (error) {
        this.logger.warn(`Could not remove chat file ${name}: ${String(error)}`);
      }
    }
  }
}
