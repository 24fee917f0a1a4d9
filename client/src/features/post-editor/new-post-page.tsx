// The new post form, at /new, for admins.
// TODO: the form and its request come with the admin issue; this placeholder gives the route its screen.
import { PageMeta } from '../../components/page-meta';

export function NewPostPage() {
  return (
    <div className="container container-narrow">
      <PageMeta title="New post" description="Write a new blog post." path="/new" noindex />
      <h1>New post</h1>
    </div>
  );
}
