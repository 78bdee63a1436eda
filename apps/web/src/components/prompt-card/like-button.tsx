import { MESSAGES } from '@prompt-vault/shared/messages';
import type { Prompt } from '@prompt-vault/shared/schemas';
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useLikePrompt } from './api/like-prompt';

/**
 * '{n} Likes' toggle. The heart's pop animation restarts on every click:
 * each click gives the icon a new key, so React mounts it afresh and the CSS
 * animation runs again.
 */
export interface LikeButtonProps {
  readonly prompt: Prompt;
  /** Says (or, with undefined, clears) why a like did not take (action-notice.tsx). */
  readonly onNotice: (message: string | undefined) => void;
}

export function LikeButton({ prompt, onNotice }: LikeButtonProps) {
  const like = useLikePrompt(prompt._id, onNotice);
  const [clicks, setClicks] = useState(0);

  return (
    <button
      type="button"
      className={`button button-ghost like-button${prompt.liked ? ' is-liked' : ''}`}
      aria-pressed={prompt.liked}
      aria-label={`${MESSAGES.card.likes(prompt.likes)}, like ${prompt.title}`}
      data-clicks={clicks}
      onClick={() => {
        setClicks((count) => count + 1);
        onNotice(undefined);
        like.mutate({ id: prompt._id, liked: !prompt.liked, shown: { likes: prompt.likes, liked: prompt.liked } });
      }}
    >
      <span key={clicks} className={`like-icon${clicks > 0 ? ' is-popping' : ''}`} aria-hidden="true">
        <Heart size={18} fill={prompt.liked ? 'currentColor' : 'none'} />
      </span>
      <span>{MESSAGES.card.likes(prompt.likes)}</span>
    </button>
  );
}
