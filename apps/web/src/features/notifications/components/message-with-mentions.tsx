import { Link } from 'react-router';
import { paths } from '../../../lib/paths.ts';

// '@ana.souza': letters, digits and dots, not ending in a dot; not inside an e-mail address.
const MENTION = /(^|[^\p{L}\p{N}_@.])@([a-z0-9](?:[a-z0-9._]*[a-z0-9_])?)/giu;

export type MessagePart = { type: 'text'; value: string } | { type: 'mention'; username: string };

/** Splits a notification message into text and '@username' mentions. */
function parseMentions(message: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of message.matchAll(MENTION)) {
    const start = (match.index ?? 0) + (match[1]?.length ?? 0);
    if (start > last) parts.push({ type: 'text', value: message.slice(last, start) });
    parts.push({ type: 'mention', username: match[2] ?? '' });
    last = start + 1 + (match[2]?.length ?? 0);
  }
  if (last < message.length) parts.push({ type: 'text', value: message.slice(last) });
  return parts;
}

/** A notification's message with each '@username' as a link to that person. */
export function MessageWithMentions({ message }: { message: string }) {
  return (
    <>
      {parseMentions(message).map((part, index) =>
        part.type === 'text' ? (
          part.value
        ) : (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one message never move.
            key={index}
            to={paths.user(part.username)}
            className="relative z-10 font-medium text-indigo-600 hover:underline dark:text-indigo-400"
          >
            @{part.username}
          </Link>
        ),
      )}
    </>
  );
}
