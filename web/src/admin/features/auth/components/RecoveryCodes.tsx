import { useState } from 'react';
import { useAdminTranslation } from '../../../shared/i18n';

/** Recovery codes, shown once: copy, download, and on to the console. */
export function RecoveryCodes({
  codes,
  onDone,
  heading = 'h1',
}: {
  codes: string[];
  onDone: () => void;
  /** h1 on the sign-in page, h2 inside a console page. */
  heading?: 'h1' | 'h2';
}) {
  const Heading = heading;
  const { t } = useAdminTranslation();
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`;
  return (
    <>
      <Heading className="h3 mb-2">{t('auth.recoveryTitle')}</Heading>
      <p className="text-body-secondary mb-3">{t('auth.recoveryIntro')}</p>
      <ol
        className="admin-recovery list-unstyled row row-cols-2 g-2 mb-3"
        aria-label={t('auth.recoveryTitle')}
      >
        {codes.map((code) => (
          <li key={code} className="col">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="d-flex flex-wrap gap-2 mb-4">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() =>
            void navigator.clipboard?.writeText(text).then(
              () => setCopied(true),
              () => undefined,
            )
          }
        >
          {copied ? t('auth.copied') : t('auth.copy')}
        </button>
        <a
          className="btn btn-outline-secondary btn-sm"
          href={download}
          download="vonkje-herstelcodes.txt"
        >
          {t('auth.download')}
        </a>
      </div>
      <button type="button" className="btn btn-primary w-100 py-2" onClick={onDone}>
        {t('auth.saved')}
      </button>
    </>
  );
}
