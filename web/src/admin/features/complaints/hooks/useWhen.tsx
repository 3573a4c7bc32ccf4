import { useAdminTranslation } from '../../../shared/i18n';

/** A moment as staff read it (date and time in their language), in a <time> element. */
export function useWhen() {
  const { i18n } = useAdminTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => <time dateTime={iso}>{format.format(new Date(iso))}</time>;
}
