import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type Block, type Inline, plainText } from '../../../vite-plugins/markdown/ast';
import { CopyableBlock } from './copyable-block';

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
      // A paragraph that is just a 'Try it' link into the library becomes a call to action.
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
      return <CopyableBlock key={index} text={block.text} lang={block.lang} />;
    case 'example':
      return <CopyableBlock key={index} text={block.text} variant={block.variant} />;
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
      // Our own routes navigate inside the app; anything else is an ordinary link.
      return inline.href.startsWith('/') ? (
        <Link key={index} to={inline.href}>
          {renderInlines(inline.children)}
        </Link>
      ) : (
        <a key={index} href={inline.href} rel={inline.href.startsWith('http') ? 'noopener noreferrer' : undefined}>
          {renderInlines(inline.children)}
        </a>
      );
  }
}
