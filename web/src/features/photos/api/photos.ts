/**
 * The member's own photos: GET photos.php (list, limit, whether an active main photo exists),
 * POST photo.php (multipart upload with progress), PUT photo.php (main photo), DELETE photo.php.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnPhotosResponse, PhotoUploadResponse } from '@app/contract';
import { REQUEST_TYPE_CLIENT } from '../../../config/constants';
import {
  ApiError,
  IDEMPOTENCY_KEY_HEADER_NAME,
  REQUEST_TYPE_HEADER_NAME,
  apiRequest,
  apiUrl,
} from '../../../api/client';
import { ownPhotosQueryKey } from '../../../api/own-data';
import { userQueryKey } from '../../../api/user';

export const ownPhotosQueryOptions = () =>
  queryOptions({
    queryKey: ownPhotosQueryKey,
    queryFn: ({ signal }) => apiRequest<OwnPhotosResponse>('photos', { signal }),
  });

export function useOwnPhotos() {
  return useQuery(ownPhotosQueryOptions());
}

/** The answer of a network failure (no HTTP answer at all). */
export const NETWORK_ERROR = 'network_error';

/**
 * Uploads one photo with XMLHttpRequest (fetch cannot report upload progress). Tried once: the
 * member retries a failed upload from its tile, with the same Idempotency-Key, so an upload
 * whose answer was lost is not stored twice. Resolves with the stored photo (under
 * inspection); rejects with an ApiError carrying the server's message.
 */
export function uploadPhoto(
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
  /** The same key on every try of one file: the server stores it once however often it is sent. */
  idempotencyKey?: string,
): Promise<PhotoUploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('photo'));
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader(REQUEST_TYPE_HEADER_NAME, REQUEST_TYPE_CLIENT);
    xhr.setRequestHeader('Accept', 'application/json');
    if (idempotencyKey) xhr.setRequestHeader(IDEMPOTENCY_KEY_HEADER_NAME, idempotencyKey);
    const language = document.documentElement.lang;
    if (language) xhr.setRequestHeader('Accept-Language', language);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: { error?: string; message?: string; field?: string } | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body) {
        onProgress(1);
        resolve(body as PhotoUploadResponse);
        return;
      }
      reject(
        new ApiError(
          xhr.status,
          body?.error ?? `http_${xhr.status}`,
          body?.message ?? xhr.statusText,
          body?.field,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, NETWORK_ERROR, ''));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('photo', file, file instanceof File ? file.name : 'photo');
    xhr.send(form);
  });
}

/** Main photo and delete: the list comes back; the user (main image, alert) is reloaded. */
export function usePhotoActions() {
  const queryClient = useQueryClient();
  const settle = (data: OwnPhotosResponse) => {
    queryClient.setQueryData(ownPhotosQueryKey, data);
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  };
  const setMain = useMutation({
    mutationFn: (photo: number) =>
      apiRequest<OwnPhotosResponse>('photo', { method: 'PUT', body: { photo, main: true } }),
    onSuccess: settle,
  });
  const remove = useMutation({
    mutationFn: (photo: number) =>
      apiRequest<OwnPhotosResponse>('photo', { method: 'DELETE', body: { photo } }),
    onSuccess: settle,
  });
  return { setMain, remove };
}
