// The home page's 'Currently' carousel: Swiper, autoplaying every
// 2500 ms and carrying on after the reader swipes or clicks an arrow, looping, with arrows; 1 slide
// under 700 px wide, 2 from 700, 3 from 1000, 20 px apart. Swiper is the heaviest module of the
// public site, so pages import this file lazily: only the home page downloads it.
//
// For keyboard and screen reader users (WCAG 2.2.2): the arrows are focusable buttons with names
// (Swiper's A11y module), a Pause button stops the motion for good, and the slides stand still
// while the mouse is over them or keyboard focus is inside. Arrows and Pause show only once Swiper
// runs; without JavaScript the cards are a row scrolled sideways (index.html's noscript styles).
import { useMemo, useState, type FocusEvent, type ReactNode } from 'react';
import { A11y, Autoplay, Navigation } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/a11y';
import './carousel.css';

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

interface CarouselProps {
  /** What the slides are, for screen readers: 'Currently'. */
  label: string;
  slides: readonly CarouselSlide[];
}

export const AUTOPLAY_DELAY_MS = 2500;
const SPACE_BETWEEN_PX = 20;
const MODULES = [Autoplay, Navigation, A11y];
const AUTOPLAY = { delay: AUTOPLAY_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true };
const A11Y_MESSAGES = {
  prevSlideMessage: 'Previous slide',
  nextSlideMessage: 'Next slide',
  slideLabelMessage: '{{index}} of {{slidesLength}}',
};

// Looping needs more slides than fit in view, or Swiper has nothing to bring round (and warns): with
// three cards, three side by side stand still, while one or two at a time still go round.
function breakpointsFor(count: number) {
  return {
    700: { slidesPerView: 2, loop: count > 2 },
    1000: { slidesPerView: 3, loop: count > 3 },
  };
}

export function Carousel({ label, slides }: CarouselProps) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // Every card already in view (three cards on a wide screen): nothing to move, so no controls.
  const [locked, setLocked] = useState(false);
  // Paused with the button: only the button starts it again. With reduced motion asked for, it
  // stops as soon as Swiper starts (before its first move): still a carousel, but one that waits
  // for the reader to move it. Not decided in the first render: the server renders it too.
  const [paused, setPaused] = useState(false);
  // Swiper's own options stay the same objects across renders, so a render never re-initialises it.
  const count = slides.length;
  const breakpoints = useMemo(() => breakpointsFor(count), [count]);

  function togglePause() {
    if (!swiper) return;
    if (paused) swiper.autoplay.start();
    else swiper.autoplay.stop();
    setPaused(!paused);
  }

  // Nothing moves under a keyboard user's focus; it moves again when focus leaves the carousel. A
  // click on an arrow also focuses it, but a mouse user expects the autoplay to carry on (the spec).
  function holdWhileFocused(event: FocusEvent<HTMLDivElement>) {
    if (swiper && !paused && event.target.matches(':focus-visible')) swiper.autoplay.stop();
  }
  function releaseOnBlur(event: FocusEvent<HTMLDivElement>) {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (swiper && !paused && !swiper.autoplay.running) swiper.autoplay.start();
  }

  return (
    <div
      className="carousel"
      // A group, not a region: the page's own section around it is the landmark.
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      onFocus={holdWhileFocused}
      onBlur={releaseOnBlur}
    >
      <Swiper
        // Without JavaScript the cards are a row that scrolls sideways (index.html's noscript styles): a scroller
        // the keyboard can reach, until Swiper, which moves it itself, has started.
        tabIndex={swiper ? undefined : 0}
        modules={MODULES}
        slidesPerView={1}
        spaceBetween={SPACE_BETWEEN_PX}
        loop={count > 1}
        breakpoints={breakpoints}
        autoplay={AUTOPLAY}
        navigation
        a11y={A11Y_MESSAGES}
        onSwiper={(instance) => {
          setSwiper(instance);
          setLocked(instance.isLocked);
          if (prefersReducedMotion()) {
            instance.autoplay.stop();
            setPaused(true);
          }
        }}
        onLock={() => setLocked(true)}
        onUnlock={() => setLocked(false)}
      >
        {slides.map((slide) => (
          <SwiperSlide key={slide.key}>{slide.content}</SwiperSlide>
        ))}
      </Swiper>
      {/* Hidden, not removed, until Swiper runs (it would do nothing) and when there is nothing to move: the
          server renders it before anyone knows the screen's width, and taking it out would pull what is below up. */}
      <button
        className={locked || !swiper ? 'carousel-pause is-idle' : 'carousel-pause'}
        type="button"
        onClick={togglePause}
      >
        {paused ? 'Play' : 'Pause'}
        <span className="visually-hidden"> the carousel</span>
      </button>
    </div>
  );
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
