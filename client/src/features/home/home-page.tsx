// The home page: banner, introduction, the 'Currently'
// carousel of upcoming cards and the 'Latest' posts, from one query that composes the cards'
// fragments. The carousel arrives in its own chunk, fetched while the query runs; the sections show once
// both are there, together, so the carousel never takes its room after the list below has appeared
// (a layout shift) and the first card's picture, the largest in view, is requested at once.
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import bannerPicture from '../../assets/home-banner.svg';
import { LoadFailure } from '../../components/load-failure';
import type * as CarouselTypes from '../../components/carousel';
import { PageMeta } from '../../components/page-meta';
import { SubscribeBox } from '../../components/subscribe-box';
import { SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import { focusClassName } from '#kernel/focal-point.ts';
import { PostCard } from '../../components/post-card';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import { useFreshQuery } from '../../lib/query-freshness';
import { useSite } from '../../lib/site';
import { ShelfCurrentlyCard } from './shelf-currently-card';
import { CurrentlyCard } from './currently-card';
import './home-page.css';

const HomePageQuery = graphql(`
  query HomePage {
    upcomingCards {
      id
      ...CurrentlyCard_UpcomingCard
    }
    shelfInProgress {
      id
      ...ShelfCurrentlyCard_Item
    }
    latestPosts {
      id
      ...PostCard_Post
    }
  }
`);

type CarouselModule = typeof CarouselTypes;
let carouselModule: CarouselModule | undefined;
/** Loads the carousel's chunk (once); before a server-rendered home page is hydrated, it is loaded first. */
export const loadCarousel = async () => (carouselModule ??= await import('../../components/carousel'));

/** Cards in view on arrival: one under 700 px, up to three from 1000 px (components/carousel.tsx). */
const CARDS_IN_VIEW = 3;

function useCarousel(): CarouselModule | undefined {
  const [module, setModule] = useState(carouselModule);
  const [failure, setFailure] = useState<unknown>();
  // The carousel's code downloads alongside the query, not after it.
  useEffect(() => {
    if (module) return;
    let current = true;
    loadCarousel().then(
      (loaded) => current && setModule(loaded),
      (error: unknown) => current && setFailure(() => error),
    );
    return () => {
      current = false;
    };
  }, [module]);
  // A chunk that cannot be downloaded fails the screen, as a lazy component would.
  if (failure) throw failure;
  return module;
}

export function HomePage() {
  const site = useSite();
  const { data: loadedData, error, refetch } = useFreshQuery(HomePageQuery, {});
  const carousel = useCarousel();
  const data = carousel ? loadedData : undefined;
  const currentlyId = useId();
  const latestId = useId();

  let currently;
  if (error) {
    currently = <LoadFailure error={error} what="the home page" onRetry={refetch} />;
  } else if (!data) {
    currently = <Spinner label="Loading the home page" />;
  } else if (data.upcomingCards.length === 0 && data.shelfInProgress.length === 0) {
    currently = <p className="home-empty">Nothing on the go right now. Check back soon.</p>;
  } else {
    const { Carousel } = carousel!;
    currently = (
      <Carousel
        label="Currently"
        slides={[
          ...data.upcomingCards.map((card, index) => ({
            key: card.id,
            content: <CurrentlyCard card={card} priority={index === 0} eager={index < CARDS_IN_VIEW} />,
          })),
          // The shelf's items in progress (issue 41), after the hand-made cards.
          ...data.shelfInProgress.map((item, index) => ({
            key: item.id,
            content: <ShelfCurrentlyCard item={item} eager={data.upcomingCards.length + index < CARDS_IN_VIEW} />,
          })),
        ]}
      />
    );
  }

  const latest = error ? [] : (data?.latestPosts ?? []);

  return (
    <>
      {/* The author's tagline (the site's settings), when there is one, describes the site. */}
      <PageMeta description={site?.tagline ?? SCREEN_TEXTS.home.description} path="/" />
      <div className="container">
        {/* The banner's words are text over a decorative picture (an SVG of a few kilobytes, sharp at
            any width), so they stay readable on a phone and are read, found and translated as text. */}
        <div className="home-banner">
          {/* The author's own banner picture (the site's settings) takes the built-in one's place. Both
              are decorative (alt=""): the banner's words say what the site is, and the picture is
              the mood behind them, so a screen reader has nothing more to read out. */}
          {site?.banner ? (
            <img
              className={['home-banner-picture home-banner-own', focusClassName(site.banner.focusX, site.banner.focusY)]
                .filter(Boolean)
                .join(' ')}
              src={site.banner.url}
              srcSet={site.banner.srcset}
              sizes="(min-width: 1200px) 1200px, 100vw"
              width={site.banner.width}
              height={site.banner.height}
              alt=""
            />
          ) : (
            <img className="home-banner-picture" src={bannerPicture} width="1800" height="592" alt="" />
          )}
          <div className="home-banner-text">
            <p className="home-banner-title">Games · Anime · TV · Books</p>
            <p className="home-banner-tagline">{site?.tagline ?? 'Opinions, reviews and notes from a fan'}</p>
          </div>
        </div>
        <header className="home-intro">
          <h1>{site?.name}</h1>
          <p className="page-lead">
            A place where I share my opinions on games, anime, TV shows and books: what I loved, what let me down, and
            what I am playing, watching and reading right now.
          </p>
        </header>

        <section className="home-section" aria-labelledby={currentlyId}>
          <h2 id={currentlyId}>Currently</h2>
          {currently}
        </section>

        {latest.length > 0 && (
          <section className="home-section" aria-labelledby={latestId}>
            <h2 id={latestId}>Latest</h2>
            <div className="post-card-grid">
              {latest.map((post) => (
                <PostCard key={post.id} post={post} headingLevel={3} />
              ))}
            </div>
            <p className="home-more">
              <Link to="/blog">All posts</Link>
            </p>
          </section>
        )}
        <SubscribeBox />
      </div>
    </>
  );
}
