// /disclaimer: opinions, image ownership and removal on request.
import { useSiteOwner } from '../../lib/site';
import { NO_OWNER_YET, StaticPage } from './static-page';

export function DisclaimerPage() {
  const { contactEmail } = useSiteOwner() ?? NO_OWNER_YET;
  return (
    <StaticPage screen="disclaimer" path="/disclaimer" heading="Disclaimer">
      <p className="page-lead">
        This blog is a personal, non-commercial project. Please read the notes below about opinions and images.
      </p>

      <h2>Opinions</h2>
      <p>
        Every review and post here is my personal opinion, written in good faith. It is not professional advice, and it
        does not speak for any employer, publisher or studio. Release dates, prices and platforms change; check the
        official sources before you buy.
      </p>

      <h2>Image ownership</h2>
      <p>
        Cover art, screenshots, key visuals and promotional stills of games, anime, TV shows and books belong to their
        respective owners: the publishers, studios, networks, authors and artists who made them. They appear here only
        to illustrate commentary and reviews. No ownership is claimed, and no copyright infringement is intended.
      </p>

      <h2>Removal on request</h2>
      <p>
        If you own the rights to an image on this site and would like it credited differently or taken down, write to{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a> with the address of the page and a description of the
        image. I will remove it promptly, usually within a few days, no questions asked.
      </p>

      <h2>Links to other sites</h2>
      <p>
        Links to other websites are provided for convenience. I do not control those sites and am not responsible for
        their content. No link on this blog is sponsored or pays a commission.
      </p>
    </StaticPage>
  );
}
