// /subscribe and /subscribe/sent (issue 40, item 1): following by e-mail as a page of the site, in its
// layout and themes, rendered by the server and working without JavaScript. The form posts to
// /subscribe; the server answers with a 303 to /subscribe/sent ("check your mailbox"), or, refused,
// with this page again rendered for /subscribe?email=…&refused=… (server/modules/subscribers/
// subscribe-form.route.ts): the address kept and the refusal said. The refusal is a code, never text
// from the address, so a link cannot make the site say anything of its own.
import { useLocation, useSearchParams } from 'react-router';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import {
  SUBSCRIBE_PATH,
  SUBSCRIBE_REFUSALS,
  subscribeRefusalText,
  subscriberMessages,
} from '#kernel/subscriber-rules.ts';
import { PageMeta } from '../../components/page-meta';
import { SubscribeForm } from '../../components/subscribe-box';

export function SubscribePage() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const sent = pathname.replace(/\/+$/, '').toLowerCase() === `${SUBSCRIBE_PATH}/sent`;
  const code = params.get('refused') ?? '';
  const refusal = (SUBSCRIBE_REFUSALS as readonly string[]).includes(code)
    ? subscribeRefusalText(code as (typeof SUBSCRIBE_REFUSALS)[number], Number(params.get('minutes')))
    : null;
  const fieldError = code === 'email' ? refusal : null;
  const text = sent ? SCREEN_TEXTS.subscribeSent : SCREEN_TEXTS.subscribe;
  return (
    <article className="container container-narrow prose" data-subscribe-page="">
      <PageMeta {...text} path={sent ? `${SUBSCRIBE_PATH}/sent` : SUBSCRIBE_PATH} noindex={sent || refusal !== null} />
      <h1>{sent ? text.title : refusal ? 'You are not subscribed yet' : text.title}</h1>
      {sent ? (
        <p>{subscriberMessages.checkMailbox}</p>
      ) : (
        <>
          {refusal && !fieldError ? (
            <p className="error-message" role="alert">
              {refusal}
            </p>
          ) : (
            <p>{subscriberMessages.intro}</p>
          )}
          <SubscribeForm email={params.get('email') ?? ''} error={fieldError ?? undefined} />
        </>
      )}
    </article>
  );
}
