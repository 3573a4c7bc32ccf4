import { PageTemplate } from './template';

describe('the page template', () => {
  it("replaces the built page's title, robots and description with the page's head", () => {
    const template = new PageTemplate(
      '<!doctype html><html lang="nl" data-x="1"><head><meta charset="UTF-8" />' +
        '<meta name="robots" content="noindex" /><meta name="description" content="old" />' +
        '<!-- a comment for the reader of the sources -->' +
        '<title>Old</title></head><body><div id="root"></div></body></html>',
    );
    expect(template.render('de', '<title>Neu</title>')).toBe(
      '<!doctype html><html data-x="1" lang="de"><head><meta charset="UTF-8" />' +
        '<title>Neu</title></head><body><div id="root"></div></body></html>',
    );
  });

  it('puts the head after <head>, else after the doctype, when the page has no title', () => {
    expect(new PageTemplate('<html><head></head></html>').render('en', 'H')).toBe(
      '<html lang="en"><head>H</head></html>',
    );
    expect(new PageTemplate('<!doctype html><p>app</p>').render('nl', 'H')).toBe(
      '<!doctype html>H<p>app</p>',
    );
  });

  it('puts a server-rendered page into the place public.html marks, escaped by its renderer', () => {
    const template = new PageTemplate(
      '<html><head><title>x</title></head><body><div id="root"><!--public-page--></div></body></html>',
    );
    expect(template.render('fr', 'H', '<main>page</main>')).toBe(
      '<html lang="fr"><head>H</head><body><div id="root"><main>page</main></div></body></html>',
    );
    // without a body the place stays empty (the browser renders the page itself)
    expect(template.render('fr', 'H')).toBe(
      '<html lang="fr"><head>H</head><body><div id="root"></div></body></html>',
    );
  });
});
