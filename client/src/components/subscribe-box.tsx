// "Follow by e-mail" (issue 40) under a post and on the home page: a plain form that posts to
// /subscribe (the server answers with a 303 to "check your mailbox"), so it works without JavaScript
// and ships no script. The honeypot is the comment form's (kernel/subscriber-rules.ts). The form is
// the /subscribe page's too, with the address kept and the refusal shown after a refused POST.
import { useId } from 'react';
import { SUBSCRIBE_HONEYPOT_FIELD, SUBSCRIBE_PATH } from '#kernel/subscriber-rules.ts';
import './subscribe-box.css';

export function SubscribeForm({ email, error }: { email?: string; error?: string }) {
  const id = useId();
  return (
    <form className="form subscribe-form" method="post" action={SUBSCRIBE_PATH}>
      <div className="form-field">
        <label className="form-label" htmlFor={`${id}-email`}>
          E-mail
        </label>
        <input
          className="form-input"
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          defaultValue={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="form-field-error">
            {error}
          </p>
        )}
      </div>
      {/* For robots that fill in every field: hidden from people and from the keyboard. */}
      <div className="subscribe-form-trap" aria-hidden="true">
        <label htmlFor={`${id}-trap`}>Leave empty</label>
        <input id={`${id}-trap`} name={SUBSCRIBE_HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
      </div>
      <button className="button" type="submit">
        Subscribe
      </button>
    </form>
  );
}

export function SubscribeBox() {
  const id = useId();
  return (
    <section className="subscribe-box" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Follow by e-mail</h2>
      <p className="form-hint">New posts by e-mail, nothing else; every e-mail can unsubscribe you in one click.</p>
      <SubscribeForm />
    </section>
  );
}
