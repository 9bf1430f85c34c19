import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { paths } from '../../lib/paths.ts';
import { MathFormula } from './math.tsx';
import { parseRichText, type RichNode } from './parse-rich-text.ts';

const socialLinkClasses =
  'font-medium text-indigo-600 hover:underline focus-visible:underline dark:text-indigo-400';

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
      case 'hashtag':
        return (
          <Link key={key} to={paths.tag(node.tag)} className={socialLinkClasses}>
            #{node.tag}
          </Link>
        );
      case 'mention':
        return (
          <Link key={key} to={paths.user(node.username)} className={socialLinkClasses}>
            {node.label}
          </Link>
        );
    }
    return null;
  });
}

/**
 * Study content as React elements: line breaks, http(s) links, **bold** and KaTeX math; with
 * `social` (posts and comments), #hashtags lead to their page and @mentions to the profile.
 * Raw HTML in the text is shown as text, never interpreted.
 */
export function RichText({
  text,
  as: Tag = 'div',
  className,
  social = false,
}: {
  text: string;
  as?: 'div' | 'span' | 'p';
  className?: string;
  social?: boolean;
}) {
  const nodes = useMemo(() => renderNodes(parseRichText(text, { social })), [text, social]);
  return <Tag className={cn('break-words', className)}>{nodes}</Tag>;
}
