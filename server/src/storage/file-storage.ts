import { copyFile, mkdir, readFile, rm, stat, writeFile, rename } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { AppConfig } from '../config/config';

/**
 * The folders (key prefixes) of stored files; `exports` are members' data exports and `selfies`
 * verification selfies waiting for a moderator (both private: never at a media URL); `library` the
 * chat partners' photo libraries (staff only: staff-partners/library-media.controller.ts).
 */
export type StorageKind = 'photos' | 'chat' | 'exports' | 'selfies' | 'library';

/**
 * Where member files (photos, chat images) live: one interface, two places. Local disk under
 * STORAGE_DIR by default (docker-compose mounts a volume there); S3-compatible object storage
 * when S3_BUCKET is set. Names are random and chosen by the server, never by a client.
 */
export abstract class FileStorage {
  abstract put(kind: StorageKind, name: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when it does not exist. */
  abstract get(kind: StorageKind, name: string): Promise<Buffer | null>;
  /** Stores a (large) local file, read as a stream, never whole in memory. */
  abstract putFile(
    kind: StorageKind,
    name: string,
    file: string,
    contentType: string,
  ): Promise<void>;
  /** The file as a stream, or null when it does not exist. */
  abstract open(kind: StorageKind, name: string): Promise<Readable | null>;
  /** Removes a file; one that is already gone is fine. */
  abstract delete(kind: StorageKind, name: string): Promise<void>;
  /** A short description for logs (`local:/path` or `s3:bucket`). */
  abstract describe(): string;
}

/** A stored name: letters, digits, `-`, `_` and one extension; anything else is refused. */
export function assertSafeName(name: string): void {
  if (!/^[A-Za-z0-9_-]{1,100}\.[a-z0-9]{1,5}$/.test(name)) {
    throw new Error(`Unsafe stored file name: ${JSON.stringify(name)}`);
  }
}

export class LocalFileStorage extends FileStorage {
  constructor(private readonly root: string) {
    super();
  }

  private file(kind: StorageKind, name: string): string {
    assertSafeName(name);
    return path.join(path.resolve(this.root), kind, name);
  }

  async put(kind: StorageKind, name: string, data: Buffer): Promise<void> {
    const target = this.file(kind, name);
    await mkdir(path.dirname(target), { recursive: true });
    // written beside and renamed: a reader never sees half a file
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temporary, data, { mode: 0o640 });
    await rename(temporary, target);
  }

  async get(kind: StorageKind, name: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(kind, name));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async putFile(kind: StorageKind, name: string, file: string): Promise<void> {
    const target = this.file(kind, name);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    await copyFile(file, temporary);
    await rename(temporary, target);
  }

  async open(kind: StorageKind, name: string): Promise<Readable | null> {
    const file = this.file(kind, name);
    try {
      await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    return createReadStream(file);
  }

  async delete(kind: StorageKind, name: string): Promise<void> {
    await rm(this.file(kind, name), { force: true });
  }

  describe(): string {
    return `local:${path.resolve(this.root)}`;
  }
}

export class S3FileStorage extends FileStorage {
  private readonly client: S3Client;

  constructor(
    private readonly bucket: string,
    options: {
      endpoint?: string;
      region: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    },
  ) {
    super();
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  private key(kind: StorageKind, name: string): string {
    assertSafeName(name);
    return `${kind}/${name}`;
  }

  async put(kind: StorageKind, name: string, data: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(kind, name),
        Body: data,
        ContentType: contentType,
      }),
    );
  }

  async get(kind: StorageKind, name: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(kind, name) }),
      );
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        return null;
      }
      throw error;
    }
  }

  async putFile(kind: StorageKind, name: string, file: string, contentType: string) {
    const { size } = await stat(file);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(kind, name),
        Body: createReadStream(file),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async open(kind: StorageKind, name: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(kind, name) }),
      );
      return (answer.Body as Readable | undefined) ?? null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
        return null;
      }
      throw error;
    }
  }

  async delete(kind: StorageKind, name: string): Promise<void> {
    // S3 answers a delete of a missing key with success
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(kind, name) }),
    );
  }

  describe(): string {
    return `s3:${this.bucket}`;
  }
}

/** The storage the configuration asks for. */
export function createFileStorage(config: AppConfig): FileStorage {
  if (config.S3_BUCKET) {
    return new S3FileStorage(config.S3_BUCKET, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalFileStorage(config.STORAGE_DIR);
}
