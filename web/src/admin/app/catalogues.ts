import { lazyCatalogues, type CatalogueLoaders } from '../shared/i18n';
import { messages as auditMessages } from '../features/audit';
import { messages as authMessages } from '../features/auth';
import { messages as figuresMessages } from '../features/figures';
import { messages as accountsMessages } from '../features/accounts';
import { messages as membersMessages } from '../features/members';
import { messages as partnersMessages, personaMessages, toolMessages } from '../features/partners';
import { messages as settingsMessages } from '../features/settings';
import { messages as complaintsMessages } from '../features/complaints';
import { messages as statementsMessages } from '../features/statements';
import { messages as inspectionMessages } from '../features/inspection';
import { messages as verificationMessages } from '../features/verification';
import { messages as catalogueMessages } from '../features/catalogue';
import { messages as campaignsMessages } from '../features/campaigns';
import { messages as bookkeepingMessages } from '../features/bookkeeping';
import { messages as jobsMessages } from '../features/jobs';
import { messages as operatorsMessages } from '../features/operators';

/** The console's own texts (navigation, home, states). */
const appMessages: CatalogueLoaders = lazyCatalogues(
  (language) => import(`./locales/${language}.json`),
);

/** Every part of the console that brings texts: the shell and each area. */
export const ADMIN_CATALOGUES: readonly CatalogueLoaders[] = [
  appMessages,
  authMessages,
  auditMessages,
  figuresMessages,
  accountsMessages,
  membersMessages,
  partnersMessages,
  toolMessages,
  personaMessages,
  settingsMessages,
  complaintsMessages,
  statementsMessages,
  inspectionMessages,
  verificationMessages,
  catalogueMessages,
  campaignsMessages,
  bookkeepingMessages,
  jobsMessages,
  operatorsMessages,
];
