import type { Prompt } from '@prompt-vault/shared/schemas';

export function PromptTags({ prompt }: { readonly prompt: Prompt }) {
  return (
    <ul className="prompt-tags" aria-label="Tags">
      <li className="tag tag-primary" title="Category">
        <span className="visually-hidden">Category: </span>
        {prompt.category}
      </li>
      <li className="tag" title="Model">
        <span className="visually-hidden">Model: </span>
        {prompt.model}
      </li>
    </ul>
  );
}
