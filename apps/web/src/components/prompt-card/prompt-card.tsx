import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { previewText } from '@prompt-vault/shared/text';
import { MessageSquare } from 'lucide-react';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { paths, permalinkUrl } from '../../config/paths';
import { preloadCommentsModal } from '../comments-modal/lazy-comments-modal';
import { OpenInMenu } from '../open-in/open-in-menu';
import { PromptText } from '../prompt-text';
import { ReportButton } from '../report-button/report-button';
import { ShareButton } from '../share-button';
import { ActionNotice, useActionNotice } from './action-notice';
import { LikeButton } from './like-button';
import { PromptCopyButton } from './prompt-copy-button';
import { PromptTagLinks } from './prompt-tag-links';
import { PromptTags } from './prompt-tags';
import './prompt-card.css';

export interface PromptCardProps {
  readonly prompt: Prompt;
  /** Whether the whole text shows; the list keeps one card expanded at a time. */
  readonly expanded: boolean;
  readonly onToggleExpanded: (id: string) => void;
  /** Opens the comments modal; the button is passed so focus can return to it. */
  readonly onOpenComments: (prompt: Prompt) => void;
}

/**
 * One prompt in the library grid: title (to its permalink), category and
 * model, preview, tags (each filters the library), likes, comments, share (where the browser has a share sheet), open in a chat
 * app, copy, report.
 */
export const PromptCard = memo(function PromptCard({ prompt, expanded, onToggleExpanded, onOpenComments }: PromptCardProps) {
  const titleId = useId();
  const textId = useId();
  const preview = previewText(prompt.prompt);
  const [notice, showNotice] = useActionNotice();

  return (
    <article className="prompt-card card-surface" aria-labelledby={titleId}>
      <header className="prompt-card-header">
        <h3 id={titleId} className="prompt-card-title">
          <Link to={paths.prompt(prompt._id)}>{prompt.title}</Link>
        </h3>
        <ReportButton targetType="prompt" targetId={prompt._id} subject={`prompt: ${prompt.title}`} />
      </header>
      <PromptTags prompt={prompt} />
      <div className="prompt-card-text">
        <p id={textId} className="prompt-text">
          <PromptText text={expanded ? prompt.prompt : preview.text} />
        </p>
        {preview.truncated && (
          <button
            type="button"
            className="prompt-card-more"
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => onToggleExpanded(prompt._id)}
          >
            {expanded ? MESSAGES.card.showLess : MESSAGES.card.readMore}
          </button>
        )}
      </div>
      <PromptTagLinks tags={prompt.tags} />
      <footer className="prompt-card-actions">
        <LikeButton prompt={prompt} onNotice={showNotice} />
        <button
          type="button"
          className="button button-ghost comments-button"
          aria-haspopup="dialog"
          aria-label={`${MESSAGES.card.comments(prompt.commentCount)} on ${prompt.title}`}
          onClick={() => onOpenComments(prompt)}
          onPointerEnter={preloadCommentsModal}
          onFocus={preloadCommentsModal}
        >
          <MessageSquare aria-hidden="true" size={18} />
          <span>{MESSAGES.card.comments(prompt.commentCount)}</span>
        </button>
        <ShareButton
          title={prompt.title}
          text={prompt.prompt}
          url={permalinkUrl(prompt._id)}
          copyLinkWithoutShareSheet={false}
          ariaLabel={`${MESSAGES.permalink.share} ${prompt.title}`}
        />
        <OpenInMenu promptId={prompt._id} title={prompt.title} text={prompt.prompt} onNotice={showNotice} />
        <PromptCopyButton prompt={prompt} onNotice={showNotice} />
      </footer>
      <ActionNotice message={notice} />
    </article>
  );
});
