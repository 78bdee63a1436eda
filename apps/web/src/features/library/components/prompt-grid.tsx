import type { Prompt } from '@prompt-vault/shared/schemas';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
 *
 * The first page opens at its top, where only its first block can be seen:
 * its later blocks wait for their first observation to render, holding the
 * first block's height (in proportion to their cards) meanwhile, so the
 * page is about as long as it will be and End still goes to its end. Rendering
 * all 48 cards at once held a phone's main thread for one long task, only
 * to drop most of them again, 2,000 px below. Later pages' blocks render at
 * once: they arrive where the visitor is.
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
          startsRendered: pageIndex > 0 || blockIndex === 0,
        })),
      ),
    [pages],
  );
  const container = useRef<HTMLDivElement>(null);
  // The first block's height and cards, measured before each paint of new pages while it is rendered: the
  // blocks waiting to render estimate their height from it (a new search's first block may hold fewer cards).
  const [firstBlock, setFirstBlock] = useState({ height: 0, cards: 0 });
  useLayoutEffect(() => {
    const element = container.current?.firstElementChild;
    const cards = blocks[0]?.prompts.length ?? 0;
    if (!(element instanceof HTMLElement) || element.dataset.rendered !== 'true' || cards === 0) return;
    const height = element.offsetHeight;
    setFirstBlock((known) => (known.height === height && known.cards === cards ? known : { height, cards }));
  }, [blocks]);
  return (
    <div ref={container} className="prompt-grid-pages">
      {blocks.map(({ key, prompts, startsRendered }) => (
        <GridPage
          key={key}
          prompts={prompts}
          startsRendered={startsRendered}
          heldHeight={firstBlock.cards === 0 ? 0 : Math.round((firstBlock.height * prompts.length) / firstBlock.cards)}
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
  /** Whether its cards render before its first observation says whether it is near the viewport. */
  readonly startsRendered: boolean;
  /** Its height while it has never rendered: an estimate from the first block. */
  readonly heldHeight: number;
  readonly expandedId: string | null;
  readonly onToggleExpanded: (id: string) => void;
  readonly onOpenComments: (prompt: Prompt) => void;
}

const GridPage = memo(function GridPage({
  prompts,
  startsRendered,
  heldHeight,
  expandedId,
  onToggleExpanded,
  onOpenComments,
}: GridPageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const height = useRef(0);
  const near = useInView(ref, KEEP_RENDERED_MARGIN, startsRendered);

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
    <div ref={ref} className="prompt-grid" style={near ? undefined : { height: height.current || heldHeight }} data-rendered={near}>
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
