// The edit post form, at /blog/{id}/edit, for admins.
// TODO: the form and its request come with the admin issue; this placeholder gives the route its screen.
import { useParams } from 'react-router';
import { PageMeta } from '../../components/page-meta';

export function EditPostPage() {
  const { id = '' } = useParams();
  return (
    <div className="container container-narrow">
      <PageMeta title="Edit post" description="Edit a blog post." path={`/blog/${id}/edit`} noindex />
      <h1>Edit post</h1>
    </div>
  );
}
