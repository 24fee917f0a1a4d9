// The new 'Currently' card form, at /new-upcoming, for admins.
// TODO: the form and its request come with the admin issue; this placeholder gives the route its screen.
import { PageMeta } from '../../components/page-meta';

export function NewUpcomingPage() {
  return (
    <div className="container container-narrow">
      <PageMeta
        title="New upcoming card"
        description="Add a card to the Currently carousel."
        path="/new-upcoming"
        noindex
      />
      <h1>New upcoming card</h1>
    </div>
  );
}
