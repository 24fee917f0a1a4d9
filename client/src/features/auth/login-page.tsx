// The login form, at /login (../shared/SPEC.md section 2).
// TODO: the form and its request come with the admin issue; this placeholder gives the route its screen.
import { PageMeta } from '../../components/page-meta';

export function LoginPage() {
  return (
    <div className="container container-narrow">
      <PageMeta title="Login" description="Sign in to your account." path="/login" noindex />
      <h1>Login</h1>
    </div>
  );
}
