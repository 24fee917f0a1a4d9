// The 'Currently' cards at /show-upcoming, for admins, in the carousel's order: each can be edited in
// place (the card form, card-form.tsx), moved up or down, or deleted ('Are you sure?' first). Every
// change shows in the home page's carousel at once (card-cache.ts).
import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../components/error-message';
import { MoveButtons, rowControl } from '../../components/move-buttons';
import { UNSAVED_CHANGES_QUESTION } from '../../components/form/use-unsaved-changes';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { Spinner } from '../../components/spinner';
import { storedPicture, UploadedImage } from '../../components/uploaded-image';
import { getFragmentData, graphql } from '../../gql';
import type { AdminUpcomingCardFragment as AdminCard } from '../../gql/graphql';
import { fieldErrorsOf, showApiError } from '../../lib/api-errors';
import { evictUpcomingCard, showCardOrder } from './card-cache';
import { CardForm, cardInputOf, type CardFormValues } from './card-form';
import { useFreshQuery } from '../../lib/query-freshness';
import { toast } from '../../lib/toast';
import { titleLabel } from './upcoming-titles';
import './show-upcoming-page.css';

// The fields the carousel shows too, so an edit or a move updates it from the answer alone.
export const ShowUpcomingQuery = graphql(`
  query ShowUpcomingCards {
    upcomingCards {
      ...AdminUpcomingCard
    }
  }
`);

const AdminUpcomingCardFragment = graphql(`
  fragment AdminUpcomingCard on UpcomingCard {
    id
    title
    subtitle
    imageAlt
    link
    position
    image {
      ...UploadedImage_Image
    }
  }
`);

const UpdateUpcomingCardMutation = graphql(`
  mutation UpdateUpcomingCard($id: ID!, $input: UpdateUpcomingCardInput!) {
    updateUpcomingCard(id: $id, input: $input) {
      ...AdminUpcomingCard
    }
  }
`);

const MoveUpcomingCardMutation = graphql(`
  mutation MoveUpcomingCard($id: ID!, $position: Int!) {
    moveUpcomingCard(id: $id, position: $position) {
      ...AdminUpcomingCard
    }
  }
`);

const DeleteUpcomingCardMutation = graphql(`
  mutation DeleteUpcomingCard($id: ID!) {
    deleteUpcomingCard(id: $id)
  }
`);

type Card = AdminCard;

/** The card as its form starts: the stored values, the title as the form's label. */
function valuesOf(card: Card): CardFormValues {
  return {
    image: null,
    title: titleLabel(card.title),
    subtitle: card.subtitle,
    imageAlt: card.imageAlt,
    link: card.link ?? '',
    focus: storedPicture(card.image).focus,
  };
}

export function ShowUpcomingPage() {
  const { data, error } = useFreshQuery(ShowUpcomingQuery, {});
  const [updateCard] = useMutation(UpdateUpcomingCardMutation);
  const [moveCard] = useMutation(MoveUpcomingCardMutation, {
    update: (cache, { data: moved }) => {
      if (moved) showCardOrder(cache, ShowUpcomingQuery, moved.moveUpcomingCard);
    },
  });
  const [deleteCard] = useMutation(DeleteUpcomingCardMutation);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [movingId, setMovingId] = useState<string | null>(null);
  const [editingId, setEditingIdNow] = useState<string | null>(null);
  // Whether the open form holds changes: closing it (another card's Edit, this one's) asks first.
  const editDirty = useRef(false);
  const onDirtyChange = useCallback((dirty: boolean) => {
    editDirty.current = dirty;
  }, []);
  function setEditingId(id: string | null, { discard = false } = {}) {
    if (editingId !== null && editDirty.current && !discard && !window.confirm(UNSAVED_CHANGES_QUESTION)) return;
    editDirty.current = false;
    setEditingIdNow(id);
  }
  // Said to screen readers after a move: where the card is now.
  const [moveNote, setMoveNote] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  // The control to give focus to once the list has rendered again (after a move or an edit).
  const [focusTarget, setFocusTarget] = useState<{ id: string; controls: string[] } | null>(null);

  useEffect(() => {
    if (!focusTarget || !listRef.current) return;
    for (const control of focusTarget.controls) {
      const target = listRef.current.querySelector<HTMLButtonElement>(rowControl(focusTarget.id, control));
      if (target && !target.disabled) {
        target.focus();
        break;
      }
    }
    setFocusTarget(null);
  }, [focusTarget, data]);

  async function handleDelete(id: string) {
    if (deletingId || !window.confirm('Are you sure?')) return;
    setDeletingId(id);
    try {
      await deleteCard({ variables: { id }, update: (cache) => evictUpcomingCard(cache, id) });
      toast.success('Card has been deleted');
      if (id === editingId) setEditingId(null, { discard: true });
    } catch (failure) {
      showApiError(failure);
    } finally {
      setDeletingId(null);
    }
  }

  async function handleMove(card: Card, index: number, by: -1 | 1, count: number) {
    if (movingId) return;
    setMovingId(card.id);
    try {
      await moveCard({ variables: { id: card.id, position: index + by } });
      setMoveNote(`${titleLabel(card.title)}: ${card.subtitle} is now ${index + by + 1} of ${count}`);
      // The same button again, to move on; at either end, the other one.
      setFocusTarget({ id: card.id, controls: by < 0 ? ['up', 'down'] : ['down', 'up'] });
    } catch (failure) {
      showApiError(failure);
    } finally {
      setMovingId(null);
    }
  }

  async function handleSave(card: Card, values: CardFormValues) {
    const refused = await fieldErrorsOf(() =>
      updateCard({
        variables: { id: card.id, input: { ...cardInputOf(values), ...(values.image ? { image: values.image } : {}) } },
      }),
    );
    if (refused) return refused;
    toast.success('Currently card has been updated');
    setEditingId(null, { discard: true });
    setFocusTarget({ id: card.id, controls: ['edit'] });
    return undefined;
  }

  let content;
  if (error && !data) {
    content = <ErrorMessage error={error} />;
  } else if (!data) {
    content = <Spinner label="Loading the Currently cards" />;
  } else if (data.upcomingCards.length === 0) {
    content = (
      <p>
        No cards yet. <Link to="/new-upcoming">Create one</Link>.
      </p>
    );
  } else {
    const cards = getFragmentData(AdminUpcomingCardFragment, data.upcomingCards);
    const busy = deletingId !== null || movingId !== null;
    content = (
      <ul className="upcoming-admin-list" ref={listRef}>
        {cards.map((card, index) => {
          const label = `${titleLabel(card.title)}: ${card.subtitle}`;
          const editing = editingId === card.id;
          return (
            <li
              key={card.id}
              className="studio-row upcoming-admin-card"
              aria-busy={deletingId === card.id || movingId === card.id}
            >
              <div className="upcoming-admin-card-summary">
                <UploadedImage
                  className="upcoming-admin-card-image"
                  image={card.image}
                  alt={card.imageAlt}
                  sizes="96px"
                />
                <div className="upcoming-admin-card-body">
                  <p className="upcoming-admin-card-title">{titleLabel(card.title)}</p>
                  <p className="upcoming-admin-card-subtitle">{card.subtitle}</p>
                  {card.link && <p className="upcoming-admin-card-link">{card.link}</p>}
                </div>
              </div>
              <div className="upcoming-admin-card-actions">
                <button
                  className="button button-secondary button-small"
                  type="button"
                  data-row={card.id}
                  data-control="edit"
                  aria-expanded={editing}
                  onClick={() => setEditingId(editing ? null : card.id)}
                >
                  Edit<span className="visually-hidden"> {label}</span>
                </button>
                <MoveButtons
                  row={card.id}
                  index={index}
                  count={cards.length}
                  name={label}
                  busy={busy}
                  onMove={(by) => void handleMove(card, index, by, cards.length)}
                />
                <button
                  className="button button-danger button-small"
                  type="button"
                  disabled={busy}
                  onClick={() => void handleDelete(card.id)}
                >
                  Delete<span className="visually-hidden"> {label}</span>
                </button>
              </div>
              {editing && (
                <section className="upcoming-admin-edit" aria-label={`Edit ${label}`}>
                  <CardForm
                    initialValues={valuesOf(card)}
                    imageRequired={false}
                    currentPicture={storedPicture(card.image).current}
                    submitLabel="Save"
                    busyLabel="Saving the card"
                    onSubmit={(values) => handleSave(card, values)}
                    onDirtyChange={onDirtyChange}
                  >
                    <button
                      className="button button-secondary"
                      type="button"
                      onClick={() => {
                        setEditingId(null, { discard: true });
                        setFocusTarget({ id: card.id, controls: ['edit'] });
                      }}
                    >
                      Cancel
                    </button>
                  </CardForm>
                </section>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="container container-narrow">
      <PageMeta {...SCREEN_TEXTS.showUpcoming} path="/show-upcoming" noindex />
      <h1>{SCREEN_TEXTS.showUpcoming.title}</h1>
      <p className="upcoming-admin-intro">
        The cards of the home page&rsquo;s Currently carousel, in its order. <Link to="/new-upcoming">New card</Link>
      </p>
      <p className="visually-hidden" role="status">
        {moveNote}
      </p>
      {deletingId && <Spinner label="Deleting the card" />}
      {content}
    </div>
  );
}
