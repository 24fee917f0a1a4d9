// The profile form, at /profile, for signed-in users.
// TODO: the form and its request come with the admin issue; this placeholder gives the route its screen.
import { PageMeta } from '../../components/page-meta';

export function ProfilePage() {
  return (
    <div className="container container-narrow">
      <PageMeta title="Profile" description="Update your name, e-mail and password." path="/profile" noindex />
      <h1>Profile</h1>
    </div>
  );
}
