// The list of 'Currently' cards, each deletable, at /show-upcoming, for admins: deleting asks 'Are you sure?' first, and the card leaves this list and the
// home page's carousel at once (card-cache.ts).
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { Spinner } from '../../components/spinner';
import { UploadedImage } from '../../components/uploaded-image';
import { graphql } from '../../gql';
import { showApiError } from '../../lib/api-errors';
import { evictUpcomingCard } from './card-cache';
import { useFreshQuery } from '../../lib/query-freshness';
import { toast } from '../../lib/toast';
import { titleLabel } from './upcoming-titles';
import './show-upcoming-page.css';

const ShowUpcomingQuery = graphql(`
  query ShowUpcomingCards {
    upcomingCards {
      id
      title
      subtitle
      image {
        ...UploadedImage_Image
      }
    }
  }
`);

const DeleteUpcomingCardMutation = graphql(`
  mutation DeleteUpcomingCard($id: ID!) {
    deleteUpcomingCard(id: $id)
  }
`);

export function ShowUpcomingPage() {
  const { data, error } = useFreshQuery(ShowUpcomingQuery, {});
  const [deleteCard] = useMutation(DeleteUpcomingCardMutation);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  async function handleDelete(id: string) {
    if (deletingId || !window.confirm('Are you sure?')) return;
    setDeletingId(id);
    try {
      await deleteCard({ variables: { id }, update: (cache) => evictUpcomingCard(cache, id) });
      toast.success('Card has been deleted');
    } catch (failure) {
      showApiError(failure);
    } finally {
      setDeletingId(null);
    }
  }

  let content;
  if (error && !data) {
    content = <ErrorMessage error={error} />;
  } else if (!data) {
    content = <Spinner label="Loading the cards" />;
  } else if (data.upcomingCards.length === 0) {
    content = (
      <p>
        No cards yet. <Link to="/new-upcoming">Create one</Link>.
      </p>
    );
  } else {
    content = (
      <ul className="upcoming-admin-list">
        {data.upcomingCards.map((card) => {
          const label = `${titleLabel(card.title)}: ${card.subtitle}`;
          return (
            <li key={card.id} className="upcoming-admin-card" aria-busy={deletingId === card.id}>
              <UploadedImage className="upcoming-admin-card-image" image={card.image} alt="" sizes="96px" />
              <div className="upcoming-admin-card-body">
                <p className="upcoming-admin-card-title">{titleLabel(card.title)}</p>
                <p className="upcoming-admin-card-subtitle">{card.subtitle}</p>
              </div>
              <button
                className="button button-danger"
                type="button"
                disabled={deletingId !== null}
                onClick={() => void handleDelete(card.id)}
              >
                Delete<span className="visually-hidden"> {label}</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="container container-narrow">
      <PageMeta {...SCREEN_TEXTS.showUpcoming} path="/show-upcoming" noindex />
      <h1>Upcoming cards</h1>
      {deletingId && <Spinner label="Deleting the card" />}
      {content}
    </div>
  );
}
