import styled from '@emotion/styled';
import type { ReactNode } from 'react';
import { useLocation } from '@fable/shared';

export interface LegalSection {
  /** Anchor id, unique in the document. */
  id: string;
  heading: string;
  content: ReactNode;
}

export interface LegalDocumentProps {
  title: string;
  /** ISO date (yyyy-mm-dd). */
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

export const LAST_UPDATED_LABEL = 'Last updated:';
export const CONTENTS_LABEL = 'Contents';

/** "November 22, 2026" (the date is a calendar date: no time zone shift). */
export function formatLegalDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

const Article = styled.article`
  max-width: 760px;
  margin: 0 auto;
  padding: 24px 0 64px;
  color: ${({ theme }) => theme.colors.text};
  line-height: 1.65;
  font-size: 1rem;
  overflow-wrap: anywhere;
  header h1 {
    margin: 0 0 4px;
    font-size: clamp(1.7rem, 5vw, 2.3rem);
    line-height: 1.2;
  }
  .updated {
    margin: 0 0 16px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 0.9rem;
  }
  h2 {
    margin: 32px 0 8px;
    font-size: 1.25rem;
    line-height: 1.3;
    scroll-margin-top: 24px;
  }
  h3 {
    margin: 20px 0 6px;
    font-size: 1.05rem;
  }
  p {
    margin: 0 0 12px;
  }
  ul,
  ol {
    margin: 0 0 12px;
    padding-left: 24px;
  }
  li {
    margin-bottom: 6px;
  }
  a {
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: 500;
    text-underline-offset: 2px;
  }
  address {
    font-style: normal;
    margin: 0 0 12px;
  }
`;

const Contents = styled.nav`
  margin: 8px 0 8px;
  padding: 16px 20px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 0 0 8px;
    font-size: 0.85rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  ol {
    margin: 0;
    columns: 2 240px;
    column-gap: 32px;
  }
  li {
    margin-bottom: 4px;
    break-inside: avoid;
  }
  a {
    color: ${({ theme }) => theme.colors.text};
    font-weight: 400;
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }
`;

/** A legal page: title, last-updated date, table of contents and numbered sections. */
export function LegalDocument({ title, lastUpdated, intro, sections }: LegalDocumentProps) {
  // Anchors carry the page's path so they stay in-page whatever the document's base URL.
  const { pathname } = useLocation();
  return (
    <Article>
      <header>
        <h1>{title}</h1>
        <p className="updated">
          {LAST_UPDATED_LABEL} <time dateTime={lastUpdated}>{formatLegalDate(lastUpdated)}</time>
        </p>
        {intro}
      </header>
      <Contents aria-labelledby="legal-contents">
        <h2 id="legal-contents">{CONTENTS_LABEL}</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`${pathname}#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </Contents>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.heading}
          </h2>
          {section.content}
        </section>
      ))}
    </Article>
  );
}
