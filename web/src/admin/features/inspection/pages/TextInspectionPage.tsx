import { useCallback } from 'react';
import { TEXT_REJECT_REASONS, type InspectionText } from '@app/contract';
import { useAdminTranslation } from '../../../shared/i18n';
import { claimNext } from '../api/inspection';
import { useInspectionDesk, type DeskKind } from '../useInspectionDesk';
import { DeskPage } from './DeskPage';

const TEXTS: DeskKind<InspectionText> = {
  kind: 'texts',
  claim: async (exclude) => (await claimNext('texts', exclude)).text,
  reasons: TEXT_REJECT_REASONS,
};

/**
 * Profile text review (moderators): a changed name or about text (shown on the profile at once),
 * beside the text it replaced; A approves, 1 to 5 reject it with that reason (the previous text
 * is put back), U undoes for a few seconds.
 */
export function TextInspectionPage() {
  const { t } = useAdminTranslation();
  const desk = useInspectionDesk(TEXTS);
  const reasonText = useCallback((reason: string) => t(`inspection.textReasons.${reason}`), [t]);
  return (
    <DeskPage
      desk={desk}
      title={t('inspection.textsTitle')}
      intro={t('inspection.textsIntro')}
      empty={t('inspection.textsEmpty')}
      reasonText={reasonText}
      describe={(last) =>
        last.action === 'approve'
          ? t('inspection.lastTextApproved', { name: last.item.member.name })
          : t('inspection.lastTextRejected', {
              name: last.item.member.name,
              reason: reasonText(last.reason ?? ''),
            })
      }
      label={(text) => t(`inspection.field.${text.field}`)}
    >
      {(text) => (
        <div className="card mb-3">
          <div className="card-body">
            <h2 className="h5">{t(`inspection.field.${text.field}`)}</h2>
            <p className="inspection-text" data-testid="inspection-text">
              {text.text || <em>{t('inspection.emptyText')}</em>}
            </p>
            <h3 className="h6 text-body-secondary mt-3">{t('inspection.previous')}</h3>
            <p className="inspection-text inspection-text--previous small mb-0">
              {text.previous || <em>{t('inspection.emptyText')}</em>}
            </p>
          </div>
        </div>
      )}
    </DeskPage>
  );
}
