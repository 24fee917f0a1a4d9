// REST additions for comments (issue 38), beside the original's paths and changing none of them:
// GET /api/blogposts/{id or slug}/comments (approved, oldest first, never an e-mail) and POST to the
// same path (JSON: name, email, website, text, parentId, notifyReplies, formToken, homepage).
import { notFound } from '../../errors.ts';
import type { Api } from '../../http/rest-router.ts';
import { jsonBody, textField } from '../../http/rest-router.ts';
import type { Services } from '../../services.ts';
import { commentMessages } from '#kernel/comment-rules.ts';
import type { PublicComment } from './comment.service.ts';

const commentJson = ({ id, parentId, name, website, text, isAuthor, createdAt, pending }: PublicComment) => ({
  _id: id,
  parentId,
  name,
  website,
  text,
  isAuthor,
  pending,
  createdAt: createdAt.toISOString(),
});

export function registerCommentRoutes(api: Api, services: Services): void {
  const postOf = async (idOrSlug: string) => {
    const post = await services.posts.findPublic(idOrSlug);
    if (!post) throw notFound(commentMessages.postNotFound);
    return post;
  };

  api.get('/blogposts/:id/comments', async (c) => {
    const post = await postOf(c.req.param('id'));
    return c.json((await services.comments.approved(post.id)).map(commentJson));
  });

  api.post('/blogposts/:id/comments', async (c) => {
    const post = await postOf(c.req.param('id'));
    const body = await jsonBody(c);
    const context = c.get('context');
    const result = await services.comments.add(
      {
        postId: post.id,
        parentId: textField(body.parentId) ?? null,
        name: textField(body.name) ?? '',
        email: textField(body.email) ?? '',
        website: textField(body.website) ?? null,
        text: textField(body.text) ?? '',
        notifyReplies: body.notifyReplies === true,
      },
      {
        honeypot: textField(body.homepage),
        formToken: textField(body.formToken),
        clientAddress: context.clientAddress,
      },
    );
    return c.json({ held: result.held, message: result.message, comment: commentJson(result.comment) }, 201);
  });
}
