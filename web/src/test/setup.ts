import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import '../i18n';

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it
window.scrollTo = () => undefined;

// findBy* and waitFor wait for an element or a condition, never a fixed time: on a busy machine
// (lazily loaded routes and catalogues, several suites at once) that may take longer than the
// default second; a test that passes ends as soon as the condition holds
configure({ asyncUtilTimeout: 10_000 });
