/**
 * The consents feature's public API (issue 36 item 2): the consent log of legal documents
 * accepted and the partner-sharing opt-in (GET/POST /api/consents.php, PUT
 * /api/partner-sharing.php). Signup records its acceptances through the service, GET
 * /api/user.php names the documents still to accept, and whatever shares profiles with partner
 * sites asks `sharesWithPartners`.
 */
export { ConsentsModule } from './consents.module';
export {
  ConsentsService,
  currentAcceptances,
  type ConsentProof,
  type ConsentSource,
} from './consents.service';
