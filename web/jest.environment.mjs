// jsdom lacks the Fetch API classes and TextEncoder that React Router's data routers use;
// this environment lends them Node's own implementations.
import { TestEnvironment } from 'jest-environment-jsdom';

export default class WebTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    const g = this.global;
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'FormData',
      'AbortController',
      'AbortSignal',
      'TextEncoder',
      'TextDecoder',
      'ReadableStream',
      'structuredClone',
    ]) {
      if (globalThis[name] && (!g[name] || name === 'AbortController' || name === 'AbortSignal'))
        g[name] = globalThis[name];
    }
  }
}
