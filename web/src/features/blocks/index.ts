/**
 * The blocks feature's public API: the list of blocked members, which the account settings page
 * shows. The block calls and their cache are shared (web/src/api/blocks.ts): a member's profile
 * blocks too.
 */
export { BlockedMembers } from './components/BlockedMembers';
