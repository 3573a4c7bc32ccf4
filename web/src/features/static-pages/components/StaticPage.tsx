import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../api/settings';
import { useCompanyInfo } from '../../../api/companyinfo';
import { usePageTitle } from '../../../components/usePageTitle';
import { LoadError } from '../../../components/LoadStates';
import { usePagesMessages, usePagesT } from '../i18n';
import { pageValues, type PageValues } from '../page-values';
import { RichText } from './RichText';
import { CompanyCard } from './CompanyCard';
import { LEGAL_DOCUMENTS, currentLegalVersion, type LegalDocument } from '@app/contract';
import { formatPageDate, termsVersionDate } from '../terms-date';

/** The terms and the privacy statement: each shows its own version in force. */
const isLegalDocument = (page: string): page is LegalDocument =>
  (LEGAL_DOCUMENTS as readonly string[]).includes(page);

/** A question of the FAQ: a disclosure (details/summary). */
type Question = { q: string; a: string[] };

/** A section of a page's text: a heading with paragraphs, a list and/or questions. */
export type PageSection = {
  heading: string;
  paragraphs?: string[];
  items?: string[];
  after?: string[];
  questions?: Question[];
};

/** A page's text in the `pages` namespace. */
export type PageText = { title: string; intro?: string[]; sections: PageSection[] };

/** Pages with this many sections or more get a table of contents. */
const TOC_FROM = 4;

function Paragraphs({ texts }: { texts?: string[] }) {
  return (
    <>
      {texts?.map((text, i) => (
        <p key={i}>
          <RichText text={text} />
        </p>
      ))}
    </>
  );
}

function Section({ section, id }: { section: PageSection; id: string }) {
  return (
    <section className="static-page__section" aria-labelledby={id}>
      <h2 id={id} className="h4">
        {section.heading}
      </h2>
      <Paragraphs texts={section.paragraphs} />
      {section.items && (
        <ul className="static-page__list">
          {section.items.map((item, i) => (
            <li key={i}>
              <RichText text={item} />
            </li>
          ))}
        </ul>
      )}
      <Paragraphs texts={section.after} />
      {section.questions && (
        <div className="static-page__faq">
          {section.questions.map((question, i) => (
            <details key={i} className="static-page__question">
              <summary>{question.q}</summary>
              <div className="static-page__answer">
                <Paragraphs texts={question.a} />
              </div>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

/** The page's frame while its texts or the company's details load, or when they failed. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container py-4 py-md-5">
      <article className="static-page card border-0 shadow-sm rounded-4 mx-auto">
        <div className="card-body p-3 p-sm-4 p-md-5">
          <h1 className="h2 mb-3">{title}</h1>
          {children}
        </div>
      </article>
    </div>
  );
}

/**
 * One static page (terms, privacy, cookies, FAQ, …): its text from the `pages` namespace
 * (`<page>.title`, `.intro`, `.sections`), filled with the company's details and the settings,
 * with a table of contents for a long page and the company's details at the end. `extra`
 * (the cookie table, a contact card) shows after section `extraAfter` (default: after all).
 */
export function StaticPage({
  page,
  titleKey,
  versioned = false,
  heading,
  lead,
  extra,
  extraAfter,
  testId,
}: {
  /** The page's key in the `pages` namespace. */
  page: string;
  /** The document title's key in the main catalogue (there before the namespace is). */
  titleKey: string;
  /** Shows "Version / last changed: <terms version date>". */
  versioned?: boolean;
  /** The h1 instead of the text's title (the ban page tells a banned member first). */
  heading?: string;
  /** Shown under the h1, before the text. */
  lead?: ReactNode;
  extra?: (values: PageValues) => ReactNode;
  extraAfter?: number;
  testId?: string;
}) {
  const { t: tMain } = useTranslation();
  const ready = usePagesMessages();
  const { t, language } = usePagesT();
  const settings = useSettings();
  const company = useCompanyInfo();
  const title = tMain(titleKey);
  usePageTitle(title);

  if (company.isError) {
    return (
      <Frame title={title}>
        <LoadError
          text={tMain('staticPages.loadError')}
          onRetry={() => void company.refetch()}
          busy={company.isFetching}
          className="py-3"
        />
      </Frame>
    );
  }
  if (!ready || company.isPending) {
    return (
      <Frame title={title}>
        <div aria-busy="true" aria-label={tMain('staticPages.loading')} role="status">
          {[90, 75, 85, 60, 80].map((width, i) => (
            <span key={i} className="skeleton skeleton--line mb-3" style={{ width: `${width}%` }} />
          ))}
        </div>
      </Frame>
    );
  }

  const values = pageValues(settings, company.data, language, (key) => t(key));
  const text = t(page, { returnObjects: true, ...values }) as PageText;
  const sections = Array.isArray(text.sections) ? text.sections : [];
  const after = extraAfter ?? sections.length;
  const sectionId = (i: number) => `${page}-section-${i + 1}`;

  return (
    <div className="container py-4 py-md-5" data-testid={testId ?? `static-page-${page}`}>
      <article className="static-page card border-0 shadow-sm rounded-4 mx-auto">
        <div className="card-body p-3 p-sm-4 p-md-5">
          <h1 className="h2 mb-2">{heading ?? text.title}</h1>
          {lead}
          {versioned && (
            <p
              className="static-page__version small text-body-secondary"
              data-testid="terms-version"
            >
              {t('common.version', {
                date: isLegalDocument(page)
                  ? formatPageDate(
                      termsVersionDate(company.data?.added, currentLegalVersion(page).published),
                      language,
                    )
                  : values.version,
              })}
            </p>
          )}
          <div className="static-page__intro">
            <Paragraphs texts={text.intro} />
          </div>
          {sections.length >= TOC_FROM && (
            <nav className="static-page__toc" aria-labelledby={`${page}-toc`}>
              <h2 id={`${page}-toc`} className="h6 text-uppercase mb-2">
                {t('common.toc')}
              </h2>
              <ul className="list-unstyled mb-0">
                {sections.map((section, i) => (
                  <li key={i}>
                    <a href={`#${sectionId(i)}`}>{section.heading}</a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {sections.map((section, i) => (
            <div key={i}>
              <Section section={section} id={sectionId(i)} />
              {i + 1 === after && extra?.(values)}
            </div>
          ))}
          {after === 0 && extra?.(values)}
          <CompanyCard values={values} hasCompany={!!company.data} />
        </div>
      </article>
    </div>
  );
}
