import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PartnerLibraryResponse } from '@app/contract';
import { AdminError, AdminField, AdminLoading } from '../../../shared/components';
import { useAdminTranslation } from '../../../shared/i18n';
import {
  addLibraryPhoto,
  partnerLibraryQueryOptions,
  removeLibraryPhoto,
} from '../api/operator-tools';

/**
 * Admins: a chat partner's photo library, which operators send from in the partner's
 * conversations (only this partner's). Uploads go through the photo pipeline (sniffed,
 * re-encoded, metadata removed); a removed photo stays in the messages it was sent with.
 */
export function PartnerLibrarySection({ partnerId }: { partnerId: number }) {
  const { t } = useAdminTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const query = useQuery(partnerLibraryQueryOptions(partnerId));
  const update = (data: PartnerLibraryResponse) =>
    queryClient.setQueryData(partnerLibraryQueryOptions(partnerId).queryKey, data);
  const add = useMutation({
    mutationFn: (file: File) => addLibraryPhoto(partnerId, file),
    onSuccess: update,
  });
  const remove = useMutation({
    mutationFn: (photo: number) => removeLibraryPhoto(partnerId, photo),
    onSuccess: update,
  });
  return (
    <section className="card card-body mt-3" aria-labelledby={`${id}-library`}>
      <h2 className="h6" id={`${id}-library`}>
        {t('operatorTools.library.title')}
      </h2>
      <p className="small text-body-secondary">{t('operatorTools.library.intro')}</p>
      {query.isPending ? (
        <AdminLoading />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="small mb-2">
            {t('operatorTools.library.count', {
              count: query.data.photos.length,
              max: query.data.max,
            })}
          </p>
          <ul className="list-unstyled d-flex flex-wrap gap-2">
            {query.data.photos.map((photo, index) => (
              <li key={photo.id} className="text-center">
                <img
                  src={photo.thumb_url}
                  alt=""
                  width={120}
                  height={120}
                  className="rounded object-fit-cover d-block"
                />
                <button
                  type="button"
                  className="btn btn-link btn-sm text-danger"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(photo.id)}
                >
                  {t('operatorTools.library.remove', { n: index + 1 })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <AdminField label={t('operatorTools.library.add')}>
        {(fileId) => (
          <input
            id={fileId}
            type="file"
            accept="image/*"
            className="form-control"
            disabled={add.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) add.mutate(file);
              e.target.value = '';
            }}
          />
        )}
      </AdminField>
      {(add.isError || remove.isError) && (
        <div className="mt-2">
          <AdminError error={add.error ?? remove.error} />
        </div>
      )}
    </section>
  );
}
