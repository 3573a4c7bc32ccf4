/**
 * The boost feature (issue 38 item 3): the boost page, where a member buys a boost (first in
 * their region's search for 30 minutes) or uses a premium member's free weekly one. The router
 * loads its page through pages/index.ts; the mark on search cards is components/member/BoostMark.
 */
export { boostQueryKey } from './api/boost';
