/**
 * Kept free of zod: the static pages of the public entry import these, and a module with a
 * schema would bring zod into every visitor's first visit (tests/e2e/first-visit.e2e.ts).
 */
/**
 * Consent that can be proven (issue 36 item 2). The legal documents a member accepts, each with
 * its published versions (oldest first; the last is in force). A new version is published by
 * adding it here (with its change summary, `changes.<document>.<id>` in the web's consent
 * catalogues, web/src/features/consent/locales): each member is asked to accept it at their next
 * page load. The static pages /terms and /privacy show their document's version date.
 */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export interface LegalVersion {
  /** The version's id, stored with each acceptance (its publication day). */
  readonly id: string;
  /** When it came into force. */
  readonly published: string;
}

export const LEGAL_VERSIONS: Record<LegalDocument, readonly LegalVersion[]> = {
  terms: [{ id: '2023-12-01', published: '2023-12-01T12:00:00Z' }],
  privacy: [
    { id: '2023-12-01', published: '2023-12-01T12:00:00Z' },
    // the consent records (this log, the delivery consent, partner sharing) described
    { id: '2026-11-29', published: '2026-11-29T06:00:00Z' },
  ],
};

/** The version of a document in force. */
export function currentLegalVersion(document: LegalDocument): LegalVersion {
  const versions = LEGAL_VERSIONS[document];
  return versions[versions.length - 1] as LegalVersion;
}

/**
 * The text of the checkout's consent to immediate delivery (the member agrees that delivery
 * starts now and loses the right of withdrawal for what is used): its version, stored with the
 * payment. A changed text gets a new id.
 */
export const DELIVERY_CONSENT_VERSION = '2026-11-29';

/** What the consent log records: a legal document accepted, or partner sharing given/revoked. */
export const CONSENT_SUBJECTS = [...LEGAL_DOCUMENTS, 'partner_sharing'] as const;
export type ConsentSubject = (typeof CONSENT_SUBJECTS)[number];
