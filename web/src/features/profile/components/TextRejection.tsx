import { useTranslation } from 'react-i18next';
import type { TextRejection } from '@app/contract';

/**
 * Why a moderator refused the member's name or about text, in the member's language (a reason
 * of the inspection's list; an older one as written), above the field. The server has put the
 * previous text back; a new text of the field ends the notice (the own profile no longer has it).
 */
export function TextRejectionNotice({ rejection }: { rejection: TextRejection | undefined }) {
  const { t } = useTranslation();
  if (!rejection) return null;
  return (
    <div className="alert alert-warning small py-2 px-3 mb-2" role="status">
      <strong className="d-block">
        {t(`profileEditor.textRejected.${rejection.field}`, {
          reason: t(`profileEditor.textRejected.reasons.${rejection.reason}`, {
            defaultValue: rejection.reason,
          }),
        })}
      </strong>
      {t('profileEditor.textRejected.hint')}
    </div>
  );
}
