import type { Prompt } from '@prompt-vault/shared/schemas';
import { memo, useEffect, useMemo, useRef } from 'react';
import { PromptCard } from '../../../components/prompt-card/prompt-card';
import { useInView } from '../../../lib/use-in-view';

interface PromptGridProps {
  readonly pages: readonly (readonly Prompt[])[];
  readonly expandedId: string | null;
  readonly onToggleExpanded: (id: string) => void;
  readonly onOpenComments: (prompt: Prompt) => void;
}

/**
 * Cards per rendered block: 12 fills whole rows at 1, 2, 3 and 4 columns, so
 * the blocks tile as one grid, and mounting one while scrolling fast stays
 * within a frame or two.
 */
const BLOCK_SIZE = 12;

/**
 * The cards, in blocks of 12. A block far from the viewport keeps its
 * measured height but renders no cards, so the DOM stays small however far
 * the visitor scrolls.
 */
export function PromptGrid({ pages, expandedId, onToggleExpanded, onOpenComments }: PromptGridProps) {
  // Pages only ever append, and every page but the last is full, so a
  // block's page and position are a stable identity.
  const blocks = useMemo(
    () =>
      pages.flatMap((page, pageIndex) =>
        Array.from({ length: Math.ceil(page.length / BLOCK_SIZE) }, (_, blockIndex) => ({
          key: `${pageIndex}-${blockIndex}`,
          prompts: page.slice(blockIndex * BLOCK_SIZE, (blockIndex + 1) * BLOCK_SIZE),
        })),
      ),
    [pages],
  );
  return (
    <div className="prompt-grid-pages">
      {blocks.map(({ key, prompts }) => (
        <GridPage
          key={key}
          prompts={prompts}
          expandedId={prompts.some((prompt) => prompt._id === expandedId) ? expandedId : null}
          onToggleExpanded={onToggleExpanded}
          onOpenComments={onOpenComments}
        />
      ))}
    </div>
  );
}

/** How far outside the viewport a page block keeps its cards rendered. */
const KEEP_RENDERED_MARGIN = '2000px 0px';

interface GridPageProps {
  readonly prompts: readonly Prompt[];
  readonly expandedId: string | null;
  readonly onToggleExpanded: (id: string) => void;
  readonly onOpenComments: (prompt: Prompt) => void;
}

const GridPage = memo(function GridPage({ prompts, expandedId, onToggleExpanded, onOpenComments }: GridPageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const height = useRef(0);
  const near = useInView(ref, KEEP_RENDERED_MARGIN, true);

  useEffect(() => {
    const element = ref.current;
    if (!element || !near) return undefined;
    const observer = new ResizeObserver(() => {
      height.current = element.offsetHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref} className="prompt-grid" style={near ? undefined : { height: height.current }} data-rendered={near}>
      {near &&
        prompts.map((prompt) => (
          <PromptCard
            key={prompt._id}
            prompt={prompt}
            expanded={prompt._id === expandedId}
            onToggleExpanded={onToggleExpanded}
            onOpenComments={onOpenComments}
          />
        ))}
    </div>
  );
});
