import nl from './nl.json';
import en from './en.json';
import de from './de.json';
import es from './es.json';
import fr from './fr.json';
import it from './it.json';
import pl from './pl.json';
import type { Language } from '../constants';

/**
 * The messages server and web share, in every language: `errors.<code>` for every error code
 * (the spec's Dutch messages are the nl values) and `validation.<rule>` for field checks. The
 * server answers with them; the web shows them for the same checks made before a request.
 * Placeholders are written {name}.
 */
export type SharedCatalogue = typeof nl;
export const SHARED_CATALOGUES: Record<Language, SharedCatalogue> = { nl, en, de, es, fr, it, pl };
