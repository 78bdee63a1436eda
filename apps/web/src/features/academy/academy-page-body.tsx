import { MESSAGES } from '@prompt-vault/shared/messages';
import { Component, type ReactNode, use, useEffect } from 'react';
import { plainText } from '../../lib/markdown-ast';
import { loadPage } from './academy-content';
import { MarkdownBlocks } from './markdown-blocks';

interface AcademyPageBodyProps {
  readonly contentKey: string;
  /**
   * 'aside': lessons list their sections beside the text on wide screens;
   * 'index': the glossary lists its terms above them, at every width.
   */
  readonly contents: 'aside' | 'index' | 'none';
}

/** The body of a page, loaded from its own chunk. Suspends until then. */
export function AcademyPageBody({ contentKey, contents }: AcademyPageBodyProps) {
  const page = use(loadPage(contentKey));

  // A link to a section (#prompt-injection) arrives before the body exists; scroll once it does.
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [contentKey]);

  const sections = page.blocks.flatMap((block) =>
    block.type === 'heading' && block.depth === 2 ? [{ id: block.id, title: plainText(block.children) }] : [],
  );
  return (
    <>
      {contents === 'index' && (
        <nav className="academy-term-index" aria-labelledby="academy-term-index-title">
          <p id="academy-term-index-title" className="academy-contents-title">
            {MESSAGES.academy.glossaryTerms}
          </p>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="academy-prose">
        <MarkdownBlocks blocks={page.blocks} />
      </div>
      {contents === 'aside' && sections.length > 1 && (
        <nav className="academy-contents" aria-labelledby="academy-contents-title">
          <p id="academy-contents-title" className="academy-contents-title">
            On this page
          </p>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </>
  );
}

/** Placeholder while a body loads: tall enough that the pager does not jump up and back. */
export function AcademyPageBodySkeleton() {
  return <div className="academy-body-loading" role="status" aria-label="Loading lesson" />;
}

interface BoundaryState {
  readonly failed: boolean;
}

/** Shows a retry instead of a blank page when a body chunk cannot be fetched (offline, new deploy). */
export class AcademyBodyBoundary extends Component<{ readonly children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="academy-body-error" role="alert">
        <p>This lesson could not be loaded. Check your connection and try again.</p>
        <button type="button" className="button button-secondary" onClick={() => this.setState({ failed: false })}>
          Try again
        </button>
      </div>
    );
  }
}
