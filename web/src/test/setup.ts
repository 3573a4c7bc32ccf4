import '@testing-library/jest-dom';
import '../i18n';

// jsdom does not implement scrolling; React Router's ScrollRestoration calls it
window.scrollTo = () => undefined;
