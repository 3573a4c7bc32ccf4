import { centsToDecimal } from '@app/contract';

interface CostSettings {
  message_credits: number;
  minimum_message_costs: Partial<Record<string, { costs: number; currency: string }>>;
}

/**
 * minimum_message_costs (SPEC point 3, per country: costs, currency): the least one message may
 * cost in money. A package whose price in a currency makes one message (message_credits
 * credits) cheaper than a country's minimum in that currency is below it: admins cannot save
 * such a price, and members of that country are not offered such a package. Answers the minimum
 * (formatted) that is not met, or null.
 */
export function belowMinimum(
  settings: CostSettings,
  credits: number,
  priceCents: number,
  currency: string,
  country?: string,
): string | null {
  const perMessage = (priceCents / 100 / credits) * settings.message_credits;
  for (const [code, minimum] of Object.entries(settings.minimum_message_costs)) {
    if (!minimum || minimum.currency !== currency) continue;
    if (country !== undefined && code !== country) continue;
    // a cent's thousandth of tolerance: 0.25 must not fail on 0.2499999
    if (perMessage + 1e-6 < minimum.costs) {
      return `${minimum.currency} ${centsToDecimal(Math.round(minimum.costs * 100))}`;
    }
  }
  return null;
}
