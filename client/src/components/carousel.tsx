// The home page's 'Currently' carousel: the cards in a row that scrolls sideways with scroll snapping
// (one card under 700 px wide, two from 700, three from 1000, 20 px apart), with arrows, a Pause button
// and an autoplay every 2500 ms that carries on after the reader swipes or clicks an arrow, and goes
// round at the ends. All of that is islands/carousel.ts, which runs on the server's HTML for a reader
// the app does not run for, and here in the app (docs/decisions/051; Swiper did it before, 96 KB).
//
// For keyboard and screen reader users (WCAG 2.2.2): the arrows are buttons with names, a Pause
// button stops the motion for good, and the cards stand still while the mouse is over them or
// keyboard focus is inside. The controls show only once the island runs; without JavaScript the row
// is scrolled by hand (it is focusable, so the keyboard can).
import { useRef, type ReactNode } from 'react';
import carouselIsland from '../islands/carousel';
import { useIsland } from './use-island';
import './carousel.css';

export { AUTOPLAY_DELAY_MS } from '../islands/carousel';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

interface CarouselProps {
  /** What the slides are, for screen readers: 'Currently'. */
  label: string;
  slides: readonly CarouselSlide[];
}

export function Carousel({ label, slides }: CarouselProps) {
  const ref = useRef<HTMLDivElement>(null);
  // Run again (with the controls measured again) when the cards change.
  useIsland(ref, carouselIsland, slides.map((slide) => slide.key).join(' '));
  return (
    <div
      ref={ref}
      className="carousel"
      // A group, not a region: the page's own section around it is the landmark.
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-island="carousel"
      // The island's state (data-running, data-locked) is the element's own, never React's.
      suppressHydrationWarning
    >
      <div className="carousel-track" tabIndex={0} aria-live="off" suppressHydrationWarning>
        {slides.map((slide, index) => (
          <div
            key={slide.key}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
          >
            {slide.content}
          </div>
        ))}
      </div>
      <button className="carousel-arrow carousel-previous" type="button" aria-label="Previous slide" />
      <button className="carousel-arrow carousel-next" type="button" aria-label="Next slide" />
      {/* Hidden, not removed, until the island runs (it would do nothing) and when there is nothing to move:
          the server renders it before anyone knows the screen's width, and taking it out would pull what is
          below up. */}
      <button className="carousel-pause" type="button">
        <span className="carousel-pause-word">Pause</span>
        <span className="visually-hidden"> the carousel</span>
      </button>
    </div>
  );
}
