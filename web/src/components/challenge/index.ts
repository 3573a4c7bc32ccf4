export { ProofOfWork, useProofOfWork, type ProofOfWorkState } from './ProofOfWork';
