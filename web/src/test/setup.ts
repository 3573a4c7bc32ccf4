import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import '../i18n';

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it
window.scrollTo = () => undefined;

// findBy* and waitFor wait for an element or a condition, never a fixed time: on a busy machine
// (lazily loaded routes and catalogues, several suites at once) that may take longer than the
// default second; a test that passes ends as soon as the condition holds
configure({ asyncUtilTimeout: 10_000 });

// jsdom has <dialog> without its methods: showModal() and close() as the open attribute they set
// and the close event (the page behind is not made inert here: the journeys check that in Chromium)
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
