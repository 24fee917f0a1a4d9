// Edit and Delete under a post, for admins only (the server refuses anyone else anyway). Delete asks
// 'Are you sure?', then removes the post from every cached list and goes to the blog.
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { showApiError } from '../../lib/api-errors';
import { DeletePostMutation, evictAfterPostDeleted } from '../../lib/post-writes';
import { toast } from '../../lib/toast';
import { useUserInfo } from '../../lib/user-info';
import { editPostPath } from '#kernel/route-paths.ts';

export function PostAdminActions({ postId }: { postId: string }) {
  const user = useUserInfo();
  const navigate = useNavigate();
  const [deletePost] = useMutation(DeletePostMutation);
  const [deleting, setDeleting] = useState(false);

  if (!user?.isAdmin) return null;

  async function handleDelete() {
    if (deleting || !window.confirm('Are you sure?')) return;
    setDeleting(true);
    try {
      await deletePost({ variables: { id: postId }, update: (cache) => evictAfterPostDeleted(cache, postId) });
      toast.success('Blogpost has been deleted');
      navigate('/blog');
    } catch (failure) {
      showApiError(failure);
      setDeleting(false);
    }
  }

  return (
    <>
      <Link className="button" to={editPostPath(postId)}>
        Edit
      </Link>
      <button type="button" className="button button-danger" onClick={handleDelete} disabled={deleting}>
        {deleting ? 'Deleting…' : 'Delete'}
      </button>
    </>
  );
}
