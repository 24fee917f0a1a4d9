// /about: who writes this blog and what it covers.
import { Link } from 'react-router';
import { useSiteOwner } from '../../lib/site';
import { NO_OWNER_YET, StaticPage } from './static-page';

export function AboutPage() {
  const { name, bio, contactEmail, portfolioUrl, socialLinks } = useSiteOwner() ?? NO_OWNER_YET;
  return (
    <StaticPage screen="about" path="/about" heading="About">
      <p className="page-lead">
        Hi, and welcome{name ? `: I am ${name}` : ''}. This is my personal corner of the web, where I write about the
        things I spend my evenings on: video games, anime, TV shows and books.
      </p>
      {bio && <p>{bio}</p>}

      <h2>What you will find here</h2>
      <p>
        Mostly reviews and opinions. Some posts are quick first impressions written the night I finished something;
        others are longer pieces about why a story landed, why a game’s systems click, or why a series I wanted to love
        did not quite work for me. The <strong>Currently</strong> cards on the home page show what I am reading,
        watching and playing at the moment.
      </p>
      <ul>
        <li>
          <Link to="/games">Games</Link>: new releases, old favourites and the occasional hidden gem.
        </li>
        <li>
          <Link to="/anime">Anime</Link>: series and films, seasonal and classic.
        </li>
        <li>
          <Link to="/tv">TV</Link>: dramas, comedies and everything in between.
        </li>
        <li>
          <Link to="/books">Books</Link>: novels, manga and some non-fiction.
        </li>
      </ul>

      <h2>How I write</h2>
      <p>
        Everything here is my honest opinion. Nobody pays for a post, and I buy or borrow what I review. When a post
        discusses major plot points, it says so at the top, so you can come back later.
      </p>

      <h2>Beyond the blog</h2>
      <p>
        I am also a web developer; I designed and built this site myself. You can see more of my work in{' '}
        <a href={portfolioUrl}>my portfolio</a>, and if you have a project in mind, the{' '}
        <Link to="/hire-me">Hire me</Link> page says how I can help.
      </p>

      <h2>Say hello</h2>
      <p>
        Recommendations, disagreements and kind words are all welcome at{' '}
        <a href={`mailto:${contactEmail}`}>{contactEmail}</a>.
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
    </StaticPage>
  );
}
