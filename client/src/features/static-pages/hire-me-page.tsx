// /hire-me: the portfolio side of the site.
import { useSiteOwner } from '../../lib/site';
import { NO_OWNER_YET, StaticPage } from './static-page';

export function HireMePage() {
  const { contactEmail, portfolioUrl } = useSiteOwner() ?? NO_OWNER_YET;
  return (
    <StaticPage screen="hireMe" path="/hire-me" heading="Hire me">
      <p className="page-lead">
        I build fast, accessible websites and web applications, and I am available for freelance work. This blog is an
        example: I designed it, wrote it and run it, from the database to the pixels you are reading.
      </p>

      <h2>What I can do for you</h2>
      <ul>
        <li>
          <strong>Websites and web apps</strong> with React and TypeScript that load quickly and work on every screen
          size.
        </li>
        <li>
          <strong>APIs and back ends</strong> with Node.js, GraphQL or REST, and PostgreSQL.
        </li>
        <li>
          <strong>Content sites</strong> with an admin area that lets you publish without calling a developer.
        </li>
        <li>
          <strong>Accessibility and performance reviews</strong> of an existing site, with a clear list of fixes.
        </li>
      </ul>

      <h2>How I work</h2>
      <p>
        We start with a conversation about what you need and why. You get a written estimate before any work begins,
        regular demos while it is under way, and tested, documented code at the end, yours to keep and extend.
      </p>

      <h2>See my work</h2>
      <p>
        Past projects, with what I did on each, are in <a href={portfolioUrl}>my portfolio</a>.
      </p>

      <h2>Get in touch</h2>
      <p>
        Write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a> with a few lines about your project, your
        timeline and your budget. I reply to every message, usually within two working days.
      </p>
    </StaticPage>
  );
}
