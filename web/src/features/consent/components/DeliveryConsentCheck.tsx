import { Link } from 'react-router';
import { CheckField } from '../../../components/form';
import { useConsentMessages, useConsentT } from '../i18n';

/**
 * The checkout's consent to immediate delivery (EU consumer law): unticked, and the member
 * ticks it before paying; the purchase sends `delivery_consent: true`, which the server stores
 * with the payment and refuses to go without. `showRequired`: the member tried to pay without.
 */
export function DeliveryConsentCheck({
  checked,
  onChange,
  showRequired,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  showRequired: boolean;
}) {
  const ready = useConsentMessages();
  const { t } = useConsentT();
  if (!ready) return null;
  return (
    <CheckField
      name="delivery_consent"
      className="form-check mt-3 delivery-consent"
      labelClassName="form-check-label small"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      required
      error={showRequired && !checked ? t('delivery.required') : null}
      label={
        <>
          {t('delivery.label')}{' '}
          <Link
            to="/return-policy"
            target="_blank"
            rel="noopener"
            className="text-decoration-underline"
          >
            {t('delivery.returnPolicy')}
          </Link>
        </>
      }
    />
  );
}
