/**
 * The notification preferences feature's public API: the shell mounts the disabled e-mail alert;
 * the router loads the page through pages/index.ts. A further kind of setting (push) is one more
 * SettingsCard (web/src/components) in the page's `Sections`.
 */
export { EmailDisabledAlert } from './components/EmailDisabledAlert';
