import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Comment, Prompt } from '@prompt-vault/shared/schemas';
import { type UseQueryResult, usePrefetchQuery, useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CommentsPanel, commentsArriving, useComments } from '../../components/comments-modal/comments-panel';
import { OpenInMenu } from '../../components/open-in/open-in-menu';
import { ActionNotice, useActionNotice } from '../../components/prompt-card/action-notice';
import { LikeButton } from '../../components/prompt-card/like-button';
import { PromptCopyButton } from '../../components/prompt-card/prompt-copy-button';
import { PromptText } from '../../components/prompt-text';
import { PromptVariablesForm, usePromptVariables } from '../../components/prompt-variables-form';
import { PromptTagLinks } from '../../components/prompt-card/prompt-tag-links';
import { PromptTags } from '../../components/prompt-card/prompt-tags';
import { promptQueryOptions } from '../../components/prompt-card/api/get-prompt';
import { ReportButton } from '../../components/report-button/report-button';
import { ShareButton } from '../../components/share-button';
import { relatedPromptsQueryOptions } from './api/get-related-prompts';
import { RelatedPrompts } from './related-prompts';
import { paths, permalinkUrl } from '../../config/paths';
import { ApiRequestError } from '../../lib/api-client';
import { relativeTime } from '../../lib/relative-time';
import { useDocumentTitle } from '../../lib/use-document-title';
import '../../components/prompt-card/prompt-card.css';
import './permalink.css';

/** How long the page waits for its notes once its prompt has come, at most: a slow answer must not hide the prompt. */
const COMMENTS_WAIT_MS = 2000;

/** True once `ms` have passed since `key` was first given (undefined: not started). */
function useWaitOver(key: string | undefined, ms: number): boolean {
  const [over, setOver] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (key === undefined) return undefined;
    const timer = setTimeout(() => setOver(key), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return key !== undefined && over === key;
}

/** One prompt on its own page: the whole text, tags, likes, copy, share, report and its comments. */
export function PermalinkPage() {
  const { id = '' } = useParams();
  const prompt = useQuery(promptQueryOptions(id));
  // The notes and the related prompts load beside the prompt, not after it, and the page shows once the prompt and
  // its notes have come, or COMMENTS_WAIT_MS after the prompt: notes arriving later pushed the note form and the
  // related prompts down (layout shift 0.022-0.060 in Lighthouse on desktop).
  const comments = useComments(id);
  usePrefetchQuery(relatedPromptsQueryOptions(id));
  const waitedForComments = useWaitOver(prompt.isSuccess ? id : undefined, COMMENTS_WAIT_MS);
  const notFound = prompt.error instanceof ApiRequestError && prompt.error.status === 404;
  useDocumentTitle(
    prompt.data?.title ??
      (prompt.isError ? (notFound ? MESSAGES.permalink.notFoundHeading : MESSAGES.library.loadErrorHeading) : undefined),
  );

  if (prompt.isPending || (prompt.isSuccess && commentsArriving(comments) && !waitedForComments)) {
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

  // Keyed by the prompt: another prompt's page starts with its own blank variables.
  return <PermalinkContent key={prompt.data._id} prompt={prompt.data} comments={comments} />;
}

function PermalinkContent({ prompt: data, comments }: { readonly prompt: Prompt; readonly comments: UseQueryResult<Comment[]> }) {
  const commentsHeadingId = useId();
  const [notice, showNotice] = useActionNotice();
  const variables = usePromptVariables(data.prompt);

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
        <PromptTagLinks tags={data.tags} />
        {/* The actions come before the text: a long prompt would push them far down. Share and
            Open in take the text as filled in below, so what the visitor typed goes along. */}
        <div className="prompt-card-actions permalink-actions">
          <LikeButton prompt={data} onNotice={showNotice} />
          <ShareButton title={data.title} text={variables.filled} url={permalinkUrl(data._id)} copyLinkWithoutShareSheet />
          <OpenInMenu promptId={data._id} title={data.title} text={variables.filled} onNotice={showNotice} />
          <PromptCopyButton prompt={data} onNotice={showNotice} />
        </div>
        <ActionNotice message={notice} />
        <pre className="prompt-text permalink-text">
          <PromptText text={data.prompt} />
        </pre>
        <PromptVariablesForm
          promptId={data._id}
          variables={variables}
          onCopyError={() => window.alert(MESSAGES.card.clipboardFailed)}
          onNotice={showNotice}
        />
      </article>

      <section className="permalink-comments card-surface" aria-labelledby={commentsHeadingId}>
        <h2 id={commentsHeadingId}>
          {MESSAGES.permalink.commentsHeading} <span className="permalink-comments-count">({data.commentCount})</span>
        </h2>
        <CommentsPanel promptId={data._id} comments={comments} />
      </section>

      <RelatedPrompts promptId={data._id} />
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
