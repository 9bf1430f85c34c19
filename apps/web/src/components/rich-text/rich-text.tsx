import { Fragment, type ReactNode, useMemo } from 'react';
import { cn } from '../../lib/cn.ts';
import { MathFormula } from './math.tsx';
import { parseRichText, type RichNode } from './parse-rich-text.ts';

/** Where a link in user content may lead: a new tab, without our page or our ranking behind it. */
export const USER_LINK_REL = 'noopener noreferrer nofollow ugc';

function renderNodes(nodes: RichNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    const key = `${node.type}-${index}`;
    switch (node.type) {
      case 'text':
        return <Fragment key={key}>{node.value}</Fragment>;
      case 'break':
        return <br key={key} />;
      case 'bold':
        return (
          <strong key={key} className="font-semibold">
            {renderNodes(node.children)}
          </strong>
        );
      case 'link':
        return (
          <a
            key={key}
            href={node.href}
            target="_blank"
            rel={USER_LINK_REL}
            className="break-all text-indigo-600 underline underline-offset-2 hover:text-indigo-800 dark:text-indigo-400"
          >
            {node.label}
          </a>
        );
      case 'math':
        return <MathFormula key={key} tex={node.tex} display={node.display} />;
    }
    return null;
  });
}

/**
 * Study content as React elements: line breaks, http(s) links, **bold** and KaTeX math.
 * Raw HTML in the text is shown as text, never interpreted.
 */
export function RichText({
  text,
  as: Tag = 'div',
  className,
}: {
  text: string;
  as?: 'div' | 'span' | 'p';
  className?: string;
}) {
  const nodes = useMemo(() => renderNodes(parseRichText(text)), [text]);
  return <Tag className={cn('break-words', className)}>{nodes}</Tag>;
}
