import { useTranslation } from 'react-i18next';
import { BlurredMemberCard } from '../../../components/member/BlurredMemberCard';
import { useFormat } from '../../../i18n/format';

/** A visitor a free member may not see: a blurred silhouette with only the day of the visit. */
export function BlurredVisitorCard({ visitedAt, index }: { visitedAt: string; index: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <BlurredMemberCard
      title={t('visitors.hiddenVisitor')}
      detail={t('visitors.visitedOn', { date: format.date(visitedAt) })}
      index={index}
      testId="visitor-blurred"
    />
  );
}
