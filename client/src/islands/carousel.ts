// The home page's 'Currently' carousel (components/carousel.tsx renders it; the app runs this too).
// The cards are a row that scrolls sideways with scroll snapping, which works without script (a
// swipe, a trackpad, the keyboard on the focusable row). This adds what the carousel did with
// Swiper, in a few hundred bytes instead of its 96 KB: arrows (Previous slide, Next slide) that move
// one card and go round at the ends, an autoplay every AUTOPLAY_DELAY_MS that carries on after the
// reader swipes or clicks an arrow, and, for WCAG 2.2.2, a Pause button that stops it for good, a
// stop while the mouse is over the cards or keyboard focus is inside, and no motion at all for a
// reader who asks for reduced motion (paused from the start). With every card in view there is
// nothing to move: no controls. The controls show only once this runs (data-running).
import type { Island } from './island';

export const AUTOPLAY_DELAY_MS = 2500;

const carouselIsland: Island = (element) => {
  const track = element.querySelector<HTMLElement>('.carousel-track');
  const previous = element.querySelector<HTMLButtonElement>('.carousel-previous');
  const next = element.querySelector<HTMLButtonElement>('.carousel-next');
  const pause = element.querySelector<HTMLButtonElement>('.carousel-pause');
  const pauseWord = pause?.querySelector<HTMLElement>('.carousel-pause-word');
  if (!track || !previous || !next || !pause || !pauseWord) return;

  const reducedMotion = matchMedia('(prefers-reduced-motion: reduce)').matches;
  // Paused with the button (or for reduced motion): only the button starts it again.
  let paused = reducedMotion;
  // What the mouse is over of the cards and the arrows (which lie over the cards, outside the row).
  const hovered = new Set<EventTarget>();
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const slides = () => [...track.children] as HTMLElement[];
  const behavior: ScrollBehavior = reducedMotion ? 'instant' : 'smooth';
  /** The first slide whose left edge is at or past the row's: the one the row shows first. */
  const firstInView = () => {
    const left = track.getBoundingClientRect().left;
    const index = slides().findIndex((slide) => slide.getBoundingClientRect().left >= left - 2);
    return Math.max(0, index);
  };
  const atEnd = () => track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
  const showSlide = (index: number) => {
    const slide = slides()[index];
    if (slide) track.scrollTo({ left: slide.offsetLeft - (slides()[0]?.offsetLeft ?? 0), behavior });
  };
  const goNext = () => (atEnd() ? showSlide(0) : showSlide(firstInView() + 1));
  const goPrevious = () => {
    const index = firstInView();
    if (index === 0) track.scrollTo({ left: track.scrollWidth, behavior });
    else showSlide(index - 1);
  };

  const moving = () =>
    !paused && hovered.size === 0 && !focused && !document.hidden && !element.hasAttribute('data-locked');
  function schedule() {
    clearTimeout(timer);
    timer = moving() ? setTimeout(advance, AUTOPLAY_DELAY_MS) : undefined;
    // Swiper's way: a screen reader hears a card change only when the reader made it.
    track!.setAttribute('aria-live', moving() ? 'off' : 'polite');
  }
  function advance() {
    goNext();
    schedule();
  }
  function showPaused() {
    pauseWord!.textContent = paused ? 'Play' : 'Pause';
  }
  // Every card in view (three on a wide screen): nothing to move, so no controls and no autoplay.
  function measure() {
    element.toggleAttribute('data-locked', track!.scrollWidth <= track!.clientWidth + 2);
    schedule();
  }

  const onPrevious = () => {
    goPrevious();
    schedule();
  };
  const onNext = () => {
    goNext();
    schedule();
  };
  const onPause = () => {
    paused = !paused;
    showPaused();
    schedule();
  };
  const onEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovered.add(event.currentTarget!);
    schedule();
  };
  const onLeave = (event: PointerEvent) => {
    hovered.delete(event.currentTarget!);
    schedule();
  };
  const hoverable = [track, previous, next];
  // Nothing moves under a keyboard user's focus; a click on an arrow also focuses it, but a mouse
  // user expects the autoplay to carry on.
  const onFocusIn = (event: FocusEvent) => {
    focused = (event.target as Element).matches(':focus-visible');
    schedule();
  };
  const onFocusOut = (event: FocusEvent) => {
    if (element.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    schedule();
  };

  const listeners: [EventTarget, string, (event: never) => void][] = [
    [previous, 'click', onPrevious],
    [next, 'click', onNext],
    [pause, 'click', onPause],
    ...hoverable.flatMap((part): [EventTarget, string, (event: PointerEvent) => void][] => [
      [part, 'pointerenter', onEnter],
      [part, 'pointerleave', onLeave],
    ]),
    [element, 'focusin', onFocusIn],
    [element, 'focusout', onFocusOut],
    [document, 'visibilitychange', schedule],
  ];
  for (const [target, type, listener] of listeners) target.addEventListener(type, listener as EventListener);
  const resize = new ResizeObserver(measure);
  resize.observe(track);
  showPaused();
  element.setAttribute('data-running', '');
  measure();

  return () => {
    clearTimeout(timer);
    resize.disconnect();
    for (const [target, type, listener] of listeners) target.removeEventListener(type, listener as EventListener);
    element.removeAttribute('data-running');
  };
};

export default carouselIsland;
