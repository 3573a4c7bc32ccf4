/** The spec constants (SPEC point 9) live in the contract shared with the server. */
export * from '@app/contract/constants';
