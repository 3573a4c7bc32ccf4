// altcha-lib publishes its types under package "exports", which the server's Node10 resolution
// does not read; node and jest load the CommonJS build through those exports at run time.
declare module 'altcha-lib' {
  export * from 'altcha-lib/dist/esm/v2/index.js';
}
declare module 'altcha-lib/algorithms/pbkdf2' {
  export * from 'altcha-lib/dist/esm/v2/algorithms/pbkdf2.js';
}
