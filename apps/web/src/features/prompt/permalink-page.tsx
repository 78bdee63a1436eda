import { MESSAGES } from '@prompt-vault/shared/messages';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Share2 } from 'lucide-react';
import { useId } from 'react';
import { Link, useParams } from 'react-router';
import { CommentsPanel } from '../../components/comments-modal/comments-panel';
import { ActionNotice, useActionNotice } from '../../components/prompt-card/action-notice';
import { LikeButton } from '../../components/prompt-card/like-button';
import { PromptCopyButton } from '../../components/prompt-card/prompt-copy-button';
import { PromptText } from '../../components/prompt-text';
import { PromptVariablesForm } from '../../components/prompt-variables-form';
import { PromptTags } from '../../components/prompt-card/prompt-tags';
import { promptQueryOptions } from '../../components/prompt-card/api/get-prompt';
import { ReportButton } from '../../components/report-button/report-button';
import { paths } from '../../config/paths';
import { ApiRequestError } from '../../lib/api-client';
import { copyText } from '../../lib/clipboard';
import { relativeTime } from '../../lib/relative-time';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useTimedFlag } from '../../lib/use-timed-flag';
import { COPIED_INDICATOR_MS } from '@prompt-vault/shared/limits';
import '../../components/prompt-card/prompt-card.css';
import './permalink.css';

/** One prompt on its own page: the whole text, tags, likes, copy, share, report and its notes. */
export function PermalinkPage() {
  const { id = '' } = useParams();
  const prompt = useQuery(promptQueryOptions(id));
  const commentsHeadingId = useId();
  const [notice, showNotice] = useActionNotice();

  const notFound = prompt.error instanceof ApiRequestError && prompt.error.status === 404;
  useDocumentTitle(
    prompt.data?.title ??
      (prompt.isError ? (notFound ? MESSAGES.permalink.notFoundHeading : MESSAGES.library.loadErrorHeading) : undefined),
  );

  if (prompt.isPending) {
    return (
      <div className="page permalink-page" role="status" aria-label="Loading prompt">
        <div className="permalink-skeleton card-surface" />
      </div>
    );
  }

  if (prompt.isError) {
    return (
      <div className="page permalink-page">
        <BackLink />
        <div className="permalink-missing card-surface" role={notFound ? undefined : 'alert'}>
          <h1 className="page-title">{notFound ? MESSAGES.permalink.notFoundHeading : MESSAGES.library.loadErrorHeading}</h1>
          <p className="page-subtitle">{notFound ? MESSAGES.permalink.notFoundText : MESSAGES.permalink.loadFailed}</p>
          {notFound ? (
            <Link className="button button-primary" to={paths.library}>
              {MESSAGES.permalink.backToLibrary}
            </Link>
          ) : (
            <button type="button" className="button button-primary" onClick={() => void prompt.refetch()}>
              {MESSAGES.library.tryAgain}
            </button>
          )}
        </div>
      </div>
    );
  }

  const data = prompt.data;
  return (
    <div className="page permalink-page">
      <BackLink />
      <article className="permalink-card card-surface" aria-labelledby="permalink-title">
        <header className="permalink-header">
          <h1 id="permalink-title" className="page-title">
            {data.title}
          </h1>
          <ReportButton targetType="prompt" targetId={data._id} subject={`prompt: ${data.title}`} />
        </header>
        <div className="permalink-meta">
          <PromptTags prompt={data} />
          <p className="permalink-shared">
            {MESSAGES.permalink.shared}{' '}
            <time dateTime={data.createdAt} title={new Date(data.createdAt).toLocaleString()}>
              {relativeTime(data.createdAt)}
            </time>
          </p>
        </div>
        {/* The actions come before the text: a long prompt would push them far down. */}
        <div className="prompt-card-actions permalink-actions">
          <LikeButton prompt={data} onNotice={showNotice} />
          <ShareButton title={data.title} />
          <PromptCopyButton prompt={data} onNotice={showNotice} />
        </div>
        <ActionNotice message={notice} />
        <pre className="prompt-text permalink-text">
          <PromptText text={data.prompt} />
        </pre>
        <PromptVariablesForm
          promptId={data._id}
          text={data.prompt}
          onCopyError={() => window.alert(MESSAGES.card.clipboardFailed)}
          onNotice={showNotice}
        />
      </article>

      <section className="permalink-comments card-surface" aria-labelledby={commentsHeadingId}>
        <h2 id={commentsHeadingId}>
          {MESSAGES.permalink.commentsHeading} <span className="permalink-comments-count">({data.commentCount})</span>
        </h2>
        <CommentsPanel promptId={data._id} />
      </section>
    </div>
  );
}

function BackLink() {
  return (
    <Link className="permalink-back" to={paths.library}>
      <ArrowLeft aria-hidden="true" size={16} />
      {MESSAGES.sidebar.library}
    </Link>
  );
}

/** The Web Share sheet where the browser has one; elsewhere the link goes to the clipboard. */
function ShareButton({ title }: { readonly title: string }) {
  const [copied, showCopied] = useTimedFlag(COPIED_INDICATOR_MS);

  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch (error) {
        // Closing the share sheet is not an error worth showing.
        if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Share failed', error);
      }
      return;
    }
    try {
      await copyText(url);
      showCopied();
    } catch {
      window.alert(MESSAGES.card.clipboardFailed);
    }
  }

  return (
    <button type="button" className="button button-ghost share-button" onClick={() => void share()}>
      <Share2 aria-hidden="true" size={18} />
      <span aria-live="polite">{copied ? MESSAGES.permalink.linkCopied : MESSAGES.permalink.share}</span>
    </button>
  );
}
