import { Component, type ReactNode, use } from 'react';
import { loadedPage, loadPage } from './academy-content';
import { MarkdownBlocks } from './markdown-blocks';

/** The body of a page, loaded from its own chunk. Suspends until then. */
export function AcademyPageBody({ contentKey }: { readonly contentKey: string }) {
  const page = loadedPage(contentKey) ?? use(loadPage(contentKey));
  return (
    <div className="academy-prose">
      <MarkdownBlocks blocks={page.blocks} />
    </div>
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
