import { Check } from 'lucide-react';
import { createContext, type ReactNode, use } from 'react';
import { Link } from 'react-router';
import { type Block, type Inline, plainText } from '../../lib/markdown-ast';
import { AcademyExercise } from './academy-exercise';
import { GLOSSARY_PATH } from './academy-nav';
import { AnnotatedBlock, CopyableBlock, PromptBlock, codeLabel, exampleLabel } from './copyable-block';

/**
 * Paths of the lessons this browser has marked done. Links to them get a
 * 'Done' mark, so a section overview's lesson list doubles as a checklist.
 */
export const DoneLessonsContext = createContext<ReadonlySet<string>>(new Set());

/** Renders a compiled Markdown body with React elements only (no HTML strings). */
export function MarkdownBlocks({ blocks }: { readonly blocks: readonly Block[] }) {
  return <>{blocks.map(renderBlock)}</>;
}

function renderBlock(block: Block, index: number): ReactNode {
  switch (block.type) {
    case 'heading': {
      // The page title is the only h1; content headings start at h2.
      const Tag = `h${Math.min(Math.max(block.depth, 2), 6)}` as 'h2';
      return (
        <Tag key={index} id={block.id}>
          {renderInlines(block.children)}
        </Tag>
      );
    }
    case 'paragraph': {
      const [only, ...rest] = block.children;
      // A paragraph that is just a 'Try it' link into the app becomes a call to action.
      if (rest.length === 0 && only?.type === 'link' && only.href.startsWith('/') && plainText(only.children).startsWith('Try it')) {
        return (
          <p key={index} className="academy-try-it">
            <Link className="button button-primary" to={only.href}>
              {renderInlines(only.children)}
            </Link>
          </p>
        );
      }
      return <p key={index}>{renderInlines(block.children)}</p>;
    }
    case 'text':
      return <span key={index}>{renderInlines(block.children)}</span>;
    case 'list': {
      const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{item.map(renderBlock)}</li>);
      return block.ordered ? (
        <ol key={index} start={block.start === 1 ? undefined : block.start}>
          {items}
        </ol>
      ) : (
        <ul key={index}>{items}</ul>
      );
    }
    case 'blockquote':
      return <blockquote key={index}>{block.children.map(renderBlock)}</blockquote>;
    case 'code':
      return (
        <CopyableBlock key={index} text={block.text} label={codeLabel(block.lang, block.output)} output={block.output} lang={block.lang} />
      );
    case 'example':
      return <PromptBlock key={index} prompt={block.prompt} label={exampleLabel(block.variant)} tone={block.variant} />;
    case 'annotated':
      return <AnnotatedBlock key={index} parts={block.parts} />;
    case 'exercise':
      return (
        <AcademyExercise
          key={index}
          id={block.id}
          number={block.number}
          title={renderInlines(block.title)}
          task={block.task.map(renderBlock)}
          start={block.start}
          rubric={block.rubric.map((item) => item.map(renderBlock))}
          answer={block.answer}
          note={block.note.map(renderBlock)}
        />
      );
    case 'table':
      return (
        // Wide tables scroll sideways on phones; the region is focusable so keyboards can scroll it.
        <div
          key={index}
          className="academy-table-wrap"
          role="region"
          aria-label={`Table: ${block.header.map(plainText).join(', ')}`}
          tabIndex={0}
        >
          <table>
            <thead>
              <tr>
                {block.header.map((cell, cellIndex) => (
                  <th key={cellIndex} scope="col" style={{ textAlign: block.align[cellIndex] ?? undefined }}>
                    {renderInlines(cell)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) => (
                    <td key={cellIndex} style={{ textAlign: block.align[cellIndex] ?? undefined }}>
                      {renderInlines(cell)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'hr':
      return <hr key={index} />;
  }
}

function renderInlines(inlines: readonly Inline[]): ReactNode[] {
  return inlines.map(renderInline);
}

function renderInline(inline: Inline, index: number): ReactNode {
  switch (inline.type) {
    case 'text':
      return inline.text;
    case 'strong':
      return <strong key={index}>{renderInlines(inline.children)}</strong>;
    case 'em':
      return <em key={index}>{renderInlines(inline.children)}</em>;
    case 'del':
      return <del key={index}>{renderInlines(inline.children)}</del>;
    case 'code':
      return <code key={index}>{inline.text}</code>;
    case 'br':
      return <br key={index} />;
    case 'link':
      return (
        <MarkdownLink key={index} href={inline.href}>
          {renderInlines(inline.children)}
        </MarkdownLink>
      );
  }
}

function MarkdownLink({ href, children }: { readonly href: string; readonly children: ReactNode }) {
  const done = use(DoneLessonsContext);
  // Anything else is an ordinary link; our own routes navigate inside the app.
  if (!href.startsWith('/')) {
    return (
      <a href={href} rel={href.startsWith('http') ? 'noopener noreferrer' : undefined}>
        {children}
      </a>
    );
  }
  const link = (
    // A glossary term is underlined differently, so a reader knows the link explains a word rather than leaving the lesson.
    <Link to={href} className={href.startsWith(`${GLOSSARY_PATH}#`) ? 'academy-term' : undefined}>
      {children}
    </Link>
  );
  if (!done.has(href)) return link;
  return (
    <>
      {link}{' '}
      <span className="academy-done-mark">
        <Check aria-hidden="true" size={14} />
        Done
      </span>
    </>
  );
}
