/** The profile rules live in the contract shared with the server, which enforces them. */
export * from '@app/contract/profile-rules';
