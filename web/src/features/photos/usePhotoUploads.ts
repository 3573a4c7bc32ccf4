import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PHOTO_MAX_BYTES } from '../../config/constants';
import { ApiError, newIdempotencyKey } from '../../api/client';
import { ownPhotosQueryKey } from '../../api/own-data';
import { uploadPhoto } from './api/photos';
import { userQueryKey } from '../../api/user';

/** One file on its way: its preview, progress and, when it failed, the reason. */
export interface PendingUpload {
  id: string;
  file: File;
  preview: string;
  state: 'waiting' | 'uploading' | 'failed';
  progress: number;
  /** Sent with every try of this file (Idempotency-Key). */
  key: string;
  /** The server's message (in the member's language) or a local code for the web's own text. */
  error?: { message?: string; code: string };
}

/** Two files at a time: fast, without starving the page's other requests. */
const PARALLEL = 2;
let sequence = 0;

/**
 * The upload queue of the photo manager: files are checked locally for size (the server checks
 * everything again), uploaded two at a time with progress, kept with their error when they fail
 * (to retry or remove), and dropped from the queue once stored (the list shows them then).
 */
export function usePhotoUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<PendingUpload[]>([]);
  const running = useRef(new Set<string>());
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((id: string, change: Partial<PendingUpload>) => {
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  }, []);

  const start = useCallback(
    async (upload: PendingUpload) => {
      running.current.add(upload.id);
      const controller = new AbortController();
      controllers.current.set(upload.id, controller);
      update(upload.id, { state: 'uploading', progress: 0, error: undefined });
      try {
        await uploadPhoto(
          upload.file,
          (progress) => update(upload.id, { progress }),
          controller.signal,
          upload.key,
        );
        URL.revokeObjectURL(upload.preview);
        setUploads((list) => list.filter((u) => u.id !== upload.id));
        await queryClient.invalidateQueries({ queryKey: ownPhotosQueryKey });
        void queryClient.invalidateQueries({ queryKey: userQueryKey });
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        const api = error instanceof ApiError ? error : null;
        update(upload.id, {
          state: 'failed',
          error: { code: api?.code ?? 'network_error', message: api?.message || undefined },
        });
      } finally {
        running.current.delete(upload.id);
        controllers.current.delete(upload.id);
      }
    },
    [queryClient, update],
  );

  // keeps PARALLEL uploads running while files wait
  useEffect(() => {
    const free = PARALLEL - running.current.size;
    if (free <= 0) return;
    uploads
      .filter((u) => u.state === 'waiting' && !running.current.has(u.id))
      .slice(0, free)
      .forEach((u) => void start(u));
  }, [uploads, start]);

  useEffect(
    () => () => {
      controllers.current.forEach((controller) => controller.abort());
    },
    [],
  );

  /** Queues files; those over the free places or too large fail at once, without a request. */
  const add = useCallback((files: File[], freePlaces: number) => {
    setUploads((list) => {
      const queued = list.filter((u) => u.state !== 'failed').length;
      let places = freePlaces - queued;
      const added = files.map((file): PendingUpload => {
        sequence += 1;
        const base = {
          id: `upload-${sequence}`,
          file,
          preview: URL.createObjectURL(file),
          progress: 0,
          key: newIdempotencyKey(),
        };
        if (file.size > PHOTO_MAX_BYTES) {
          return { ...base, state: 'failed', error: { code: 'photo_too_large' } };
        }
        if (places <= 0)
          return { ...base, state: 'failed', error: { code: 'photo_limit_reached' } };
        places -= 1;
        return { ...base, state: 'waiting' };
      });
      return [...list, ...added];
    });
  }, []);

  const retry = useCallback(
    (id: string) => update(id, { state: 'waiting', progress: 0, error: undefined }),
    [update],
  );

  const dismiss = useCallback((id: string) => {
    controllers.current.get(id)?.abort();
    setUploads((list) => {
      const gone = list.find((u) => u.id === id);
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((u) => u.id !== id);
    });
  }, []);

  return { uploads, add, retry, dismiss };
}
