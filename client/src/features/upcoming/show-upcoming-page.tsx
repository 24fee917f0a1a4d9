// The list of 'Currently' cards, each deletable, at /show-upcoming, for admins.
// TODO: the form and its request come with the admin issue; this placeholder gives the route its screen.
import { PageMeta } from '../../components/page-meta';

export function ShowUpcomingPage() {
  return (
    <div className="container container-narrow">
      <PageMeta
        title="Upcoming cards"
        description="The cards of the Currently carousel."
        path="/show-upcoming"
        noindex
      />
      <h1>Upcoming cards</h1>
    </div>
  );
}
