// The new 'Currently' card, at /new-upcoming, for admins: the card form (card-form.tsx), its image
// going up in a multipart request (lib/upload-link.ts). Success goes home, where the carousel already
// shows the new card, first.
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { graphql } from '../../gql';
import { fieldErrorsOf } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { evictUpcomingCards } from './card-cache';
import { CardForm, cardInputOf, EMPTY_CARD_VALUES } from './card-form';

const CreateUpcomingCardMutation = graphql(`
  mutation CreateUpcomingCard($input: CreateUpcomingCardInput!) {
    createUpcomingCard(input: $input) {
      id
    }
  }
`);

export function NewUpcomingPage() {
  const navigate = useNavigate();
  const [createCard] = useMutation(CreateUpcomingCardMutation, {
    update: (cache) => evictUpcomingCards(cache),
  });

  return (
    <div className="container container-narrow">
      <PageMeta {...SCREEN_TEXTS.newUpcoming} path="/new-upcoming" noindex />
      <h1>{SCREEN_TEXTS.newUpcoming.title}</h1>
      <CardForm
        initialValues={EMPTY_CARD_VALUES}
        imageRequired
        submitLabel="Submit"
        busyLabel="Creating the card"
        onSubmit={async (values, allowLeaving) => {
          const { image } = values;
          if (!image) return undefined; // the form's rules have refused it
          const refused = await fieldErrorsOf(() =>
            createCard({ variables: { input: { ...cardInputOf(values), image } } }),
          );
          if (refused) return refused;
          toast.success('Card has been created');
          allowLeaving();
          void navigate('/');
          return undefined;
        }}
      />
    </div>
  );
}
