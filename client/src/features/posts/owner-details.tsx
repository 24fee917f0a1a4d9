// What the about, hire-me, privacy and disclaimer pages show under the author's text: the owner's
// details from the site settings (useSite: picture, name, bio, contact e-mail, portfolio, social links),
// so a change of the settings shows on them at once, whatever the page's text says.
import type { ReactNode } from 'react';
import { focusClassName } from '#kernel/focal-point.ts';
import { OWNER_DETAILS_OF } from '#kernel/page-rules.ts';
import { useSite } from '../../lib/site';

function Mail({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

export function OwnerDetails({ slug }: { slug: string }) {
  const site = useSite();
  const owner = site?.owner;
  const avatar = site?.avatar;
  const kind = OWNER_DETAILS_OF[slug];
  // Before the site query answers (a page the browser renders itself, for a moment): nothing yet.
  if (!kind || !owner) return null;
  const { name, bio, contactEmail, portfolioUrl, socialLinks } = owner;
  let details: ReactNode;
  if (kind === 'contact') {
    details = (
      <p>
        Write to <Mail email={contactEmail} />.
      </p>
    );
  } else if (kind === 'hire') {
    details = (
      <p>
        Write to <Mail email={contactEmail} />, and see <a href={portfolioUrl}>my portfolio</a>.
      </p>
    );
  } else {
    details = (
      <>
        {avatar && (
          // The author's picture, named by the author's name (the site's when there is none).
          <img
            className={['owner-avatar', focusClassName(avatar.focusX, avatar.focusY)].filter(Boolean).join(' ')}
            src={avatar.url}
            srcSet={avatar.srcset}
            sizes="160px"
            width={avatar.width}
            height={avatar.height}
            alt={name ?? site?.name ?? ''}
          />
        )}
        {name && <p className="page-lead">I am {name}.</p>}
        {bio && <p>{bio}</p>}
        <p>
          Write to me at <Mail email={contactEmail} />, and see more of my work in{' '}
          <a href={portfolioUrl}>my portfolio</a>.
        </p>
        {socialLinks.length > 0 && (
          <>
            <p>You can also find me elsewhere:</p>
            <ul>
              {socialLinks.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="me">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </>
    );
  }
  return (
    <section className="owner-details" aria-label="Contact">
      {details}
    </section>
  );
}
