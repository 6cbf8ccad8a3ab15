// A carousel that is a horizontally scrollable, scroll-snapping list without
// JavaScript. After hydration Swiper is imported on demand and enhances it with
// previous / next buttons and, when asked, autoplay with a visible pause control
// (never autoplay under prefers-reduced-motion).
import {
  Children,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from "react";
import type { CarouselVariant, SwiperInstance } from "./load-swiper";

/** An autoplaying carousel loads Swiper this long before its first slide is due to move. */
const AUTOPLAY_LEAD_MS = 1500;
/** However late Swiper arrives, the first slide stays at least this long once the controls show. */
const AUTOPLAY_MIN_FIRST_MS = 1000;

type Props = {
  label: string;
  variant: CarouselVariant;
  children: ReactNode;
  autoplayMs?: number;
  className?: string;
};

export function Carousel({ label, variant, children, autoplayMs = 0, className = "" }: Props) {
  const slides = Children.toArray(children);
  const { sectionRef, viewportRef, swiperRef, ready, autoplay, edges } = useSwiper(
    variant,
    autoplayMs,
  );
  // The scroll list is a tab stop until Swiper takes over (its buttons then are). Focusing it is one
  // of the things that loads Swiper, so it keeps its tab stop until focus leaves: dropping it
  // under the focus would leave the keyboard user on <body> with no focus ring.
  const [viewportFocused, setViewportFocused] = useState(false);
  const { onFocus, onBlur, toggleAutoplay } = useAutoplayControl(swiperRef);

  return (
    <section
      ref={sectionRef}
      className={`carousel carousel--${variant} ${className}`}
      aria-roledescription="carousel"
      aria-label={label}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <div
        className="carousel__viewport swiper"
        ref={viewportRef}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take the focus (axe: scrollable-region-focusable)
        tabIndex={ready && !viewportFocused ? undefined : 0}
        onFocus={(e) => e.target === e.currentTarget && setViewportFocused(true)}
        onBlur={(e) => e.target === e.currentTarget && setViewportFocused(false)}
      >
        <div
          className="carousel__track swiper-wrapper"
          aria-live={autoplay === "playing" ? "off" : "polite"}
        >
          {slides.map((slide, i) => (
            <div
              className="carousel__slide swiper-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              data-index={i}
              key={i}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className="carousel__controls">
        <Controls
          ready={ready}
          autoplay={autoplay}
          edges={edges}
          swiper={swiperRef}
          onToggle={toggleAutoplay}
        />
      </div>
    </section>
  );
}

/** Focus inside pauses autoplay (and shows the focused slide); "Pause" stops it until "Play". */
function useAutoplayControl(swiperRef: RefObject<SwiperInstance | null>) {
  const userPaused = useRef(false);
  // Keyboard focus inside pauses autoplay and brings the focused slide into view.
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const swiper = swiperRef.current;
    if (!swiper) return;
    if (swiper.autoplay?.running) swiper.autoplay.pause();
    const slide = (event.target as HTMLElement).closest<HTMLElement>(".carousel__slide");
    const index = slide ? Number(slide.dataset.index) : -1;
    if (
      index >= 0 &&
      !slide!.classList.contains("swiper-slide-visible") &&
      index !== swiper.activeIndex
    )
      swiper.slideTo(index);
  };
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const swiper = swiperRef.current;
    if (!swiper || event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    if (swiper.autoplay?.running && !userPaused.current) swiper.autoplay.resume();
  };
  const toggleAutoplay = () => {
    const swiper = swiperRef.current;
    if (!swiper?.autoplay) return;
    if (swiper.autoplay.running) {
      userPaused.current = true;
      swiper.autoplay.stop();
    } else {
      userPaused.current = false;
      swiper.autoplay.start();
    }
  };

  return { onFocus, onBlur, toggleAutoplay };
}

/**
 * Swiper loads when the carousel nears the viewport, in an idle moment, so it never competes with
 * hydration or with carousels further down the page (scheduleStart).
 */
function useSwiper(variant: CarouselVariant, autoplayMs: number) {
  const sectionRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const swiperRef = useRef<SwiperInstance | null>(null);
  const [ready, setReady] = useState(false);
  const [autoplay, setAutoplay] = useState<AutoplayState>("none");
  const [edges, setEdges] = useState({ start: true, end: false });

  // An autoplaying one shows its first slide for autoplayMs anyway: it loads shortly
  // before that slide is due to move (its script and layout work then stay out of
  // a slow phone's first seconds), or at once when the visitor reaches for it.
  useEffect(() => {
    const el = viewportRef.current;
    const section = sectionRef.current;
    if (!el || !section) return;
    const mountedAt = performance.now();
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    const autoplays = autoplayMs > 0 && !reduceMotion;
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started || cancelled) return;
      started = true;
      import("./load-swiper")
        .then(({ createSwiper }) => {
          if (cancelled) return;
          const firstDelayMs = autoplays
            ? Math.max(AUTOPLAY_MIN_FIRST_MS, autoplayMs - (performance.now() - mountedAt))
            : 0;
          const swiper = createSwiper(el, { variant, autoplayMs, reduceMotion, firstDelayMs });
          swiperRef.current = swiper;
          const sync = () => setEdges({ start: swiper.isBeginning, end: swiper.isEnd });
          swiper.on("slideChange", sync);
          swiper.on("resize", sync);
          swiper.on("autoplayStart", () => setAutoplay("playing"));
          swiper.on("autoplayStop", () => setAutoplay("stopped"));
          sync();
          setAutoplay(swiper.autoplay?.running ? "playing" : "none");
          setReady(true);
        })
        .catch(() => {
          // Swiper failed to load: the scroll-snap list still works.
        });
    };
    const unschedule = scheduleStart(el, section, start, autoplays ? autoplayMs : 0);
    return () => {
      cancelled = true;
      unschedule();
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, [variant, autoplayMs]);

  return { sectionRef, viewportRef, swiperRef, ready, autoplay, edges };
}

/**
 * Calls start when the visitor reaches for the carousel, or in an idle moment once it nears the
 * viewport; one that autoplays after autoplayMs waits until shortly before its first move.
 * Returns what cancels all of it.
 */
function scheduleStart(
  el: HTMLElement,
  section: HTMLElement,
  start: () => void,
  autoplayMs: number,
): () => void {
  let idleHandle: number | undefined;
  let timer: number | undefined;
  const whenIdle = () => {
    idleHandle =
      typeof window.requestIdleCallback === "function"
        ? window.requestIdleCallback(start, { timeout: 1000 })
        : window.setTimeout(start, 100);
  };
  const REACH = ["pointerenter", "touchstart", "focusin"] as const;
  for (const type of REACH) section.addEventListener(type, start, { once: true, passive: true });
  let observer: IntersectionObserver | undefined;
  const nearViewport = () =>
    autoplayMs > 0
      ? (timer = window.setTimeout(whenIdle, Math.max(0, autoplayMs - AUTOPLAY_LEAD_MS)))
      : whenIdle();
  if (typeof window.IntersectionObserver === "function") {
    observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer?.disconnect();
        nearViewport();
      },
      { rootMargin: "300px 0px" },
    );
    observer.observe(el);
  } else {
    nearViewport();
  }
  return () => {
    observer?.disconnect();
    for (const type of REACH) section.removeEventListener(type, start);
    window.clearTimeout(timer);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleHandle);
      window.clearTimeout(idleHandle);
    }
  };
}

type AutoplayState = "none" | "playing" | "stopped";

function Controls({
  ready,
  autoplay,
  edges,
  swiper,
  onToggle,
}: {
  ready: boolean;
  autoplay: AutoplayState;
  edges: { start: boolean; end: boolean };
  swiper: RefObject<SwiperInstance | null>;
  onToggle: () => void;
}) {
  return ready ? (
    <>
      <button
        type="button"
        className="carousel__button"
        onClick={() => swiper.current?.slidePrev()}
        disabled={edges.start && autoplay === "none"}
        aria-label="Previous slide"
      >
        <Chevron dir="left" />
      </button>
      {autoplay !== "none" ? (
        <button
          type="button"
          className="carousel__button carousel__button--text"
          onClick={onToggle}
        >
          {autoplay === "playing" ? <PauseIcon /> : <PlayIcon />}
          {autoplay === "playing" ? "Pause" : "Play"}
          <span className="visually-hidden"> slideshow</span>
        </button>
      ) : null}
      <button
        type="button"
        className="carousel__button"
        onClick={() => swiper.current?.slideNext()}
        disabled={edges.end && autoplay === "none"}
        aria-label="Next slide"
      >
        <Chevron dir="right" />
      </button>
    </>
  ) : (
    <p className="carousel__hint">Scroll sideways for more</p>
  );
}

function Chevron({ dir }: { dir: "left" | "right" }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={dir === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}
function PauseIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
      <rect x="3" y="2" width="3.5" height="12" rx="1" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="1" />
    </svg>
  );
}
function PlayIcon() {
  return (
    <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
      <path d="M4 2.5v11a.5.5 0 0 0 .77.42l8.5-5.5a.5.5 0 0 0 0-.84l-8.5-5.5A.5.5 0 0 0 4 2.5z" />
    </svg>
  );
}
