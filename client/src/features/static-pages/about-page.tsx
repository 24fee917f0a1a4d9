// /about: who writes this blog and what it covers.
import { Link } from 'react-router';
import { PageMeta } from '../../components/page-meta';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { defaultSiteContact } from '../../lib/site-config';

interface AboutPageProps {
  contactEmail?: string;
  portfolioUrl?: string;
}

export function AboutPage({
  contactEmail = defaultSiteContact.contactEmail,
  portfolioUrl = defaultSiteContact.portfolioUrl,
}: AboutPageProps) {
  return (
    <article className="container container-narrow prose">
      <PageMeta {...SCREEN_TEXTS.about} path="/about" />
      <h1>About</h1>
      <p className="page-lead">
        Hi, and welcome. This is my personal corner of the web, where I write about the things I spend my evenings on:
        video games, anime, TV shows and books.
      </p>

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
    </article>
  );
}
