import { MESSAGES } from '@prompt-vault/shared/messages';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/**
 * A prompt's tags (not its category and model, which PromptTags shows), each
 * a link to the library filtered by that tag. Nothing for a prompt without tags.
 */
export function PromptTagLinks({ tags }: { readonly tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="prompt-tag-links" aria-label={MESSAGES.tags.listLabel}>
      {tags.map((tag) => (
        <li key={tag}>
          <Link className="prompt-tag-link" to={paths.tagged(tag)} aria-label={MESSAGES.tags.showTagged(tag)}>
            <span aria-hidden="true">#</span>
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  );
}
