/** The spec constants (SPEC point 9) live in one module shared with the server. */
export * from '../../../server/src/common/constants';
