// An imported post's comments as rows of this site (issue 38 item 5, issue 39): WordPress's approved
// comments are published, its held ones wait for the author at /admin/comments; spam, the trash and
// pingbacks never came (wxr-reader.ts). This site keeps replies one level deep: a reply to a reply
// hangs under the comment that began the thread. The text is plain, as a comment here is.
import { COMMENT_NAME_MAX, COMMENT_TEXT_MAX, COMMENT_WEBSITE_MAX } from '#kernel/comment-rules.ts';
import { isHttpUrl } from '#kernel/site-settings-rules.ts';
import { uuidV7 } from '../../db/uuid-v7.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { decodeEntities, shorten, type SourceComment } from './import-source.ts';

/** WordPress stores a comment as typed, with a few tags at most: paragraphs and line breaks kept, tags dropped. */
export function commentText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return (
    decodeEntities(text)
      // Spaces and tabs around line breaks are the export's indentation, not the commenter's words.
      .replace(/[ \t]*\n[ \t]*/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export function commentRowsOf(
  comments: readonly SourceComment[],
  postId: string,
): Array<{ sourceId: string; row: Prisma.CommentCreateManyInput & { id: string } }> {
  // An empty comment (its text was all markup) does not come, and cannot be a thread's start.
  const kept = comments.filter((comment) => commentText(comment.html) !== '');
  const bySourceId = new Map(kept.map((comment) => [comment.sourceId, comment]));
  // The comment a thread began with; a parent that did not come (spam, a pingback) makes it a thread of its own.
  const threadOf = (comment: SourceComment): SourceComment => {
    const seen = new Set<string>();
    let current = comment;
    while (current.parentId && bySourceId.has(current.parentId) && !seen.has(current.parentId)) {
      seen.add(current.sourceId);
      current = bySourceId.get(current.parentId)!;
    }
    return current;
  };
  // Ids from each comment's own time: a reply sorts after its comment, as a comment made here does.
  const ids = new Map(kept.map((comment) => [comment.sourceId, uuidV7(comment.date.getTime())]));
  return kept.map((comment) => {
    const text = shorten(commentText(comment.html), COMMENT_TEXT_MAX);
    const thread = threadOf(comment);
    const website = comment.website.trim();
    return {
      sourceId: comment.sourceId,
      row: {
        id: ids.get(comment.sourceId)!,
        postId,
        parentId: thread === comment ? null : ids.get(thread.sourceId)!,
        name: shorten(comment.name.trim() || 'Anonymous', COMMENT_NAME_MAX),
        email: comment.email.trim().toLowerCase(),
        website: website && website.length <= COMMENT_WEBSITE_MAX && isHttpUrl(website) ? website : null,
        text,
        status: comment.status,
        isAuthor: comment.byUser,
        createdAt: comment.date,
      },
    };
  });
}
