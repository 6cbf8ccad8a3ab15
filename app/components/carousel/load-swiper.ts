// Loaded with import() after hydration, so only pages with a carousel fetch Swiper.
import Swiper from "swiper";
import { Autoplay } from "swiper/modules";

export type CarouselVariant = "hero" | "cards" | "social";

/** Slides per view by viewport width; content.css/home.css mirror these for the no-JS scroll-snap list. */
const LAYOUT: Record<
  CarouselVariant,
  {
    slidesPerView: number;
    spaceBetween: number;
    breakpoints?: Record<number, { slidesPerView: number; spaceBetween?: number }>;
  }
> = {
  hero: { slidesPerView: 1, spaceBetween: 0 },
  cards: {
    slidesPerView: 1.15,
    spaceBetween: 16,
    breakpoints: {
      640: { slidesPerView: 2.2, spaceBetween: 24 },
      1024: { slidesPerView: 3, spaceBetween: 24 },
    },
  },
  social: {
    slidesPerView: 1.4,
    spaceBetween: 16,
    breakpoints: {
      640: { slidesPerView: 2.5, spaceBetween: 24 },
      1024: { slidesPerView: 4, spaceBetween: 24 },
    },
  },
};

/**
 * `firstDelayMs`: how long the first slide stays before autoplay moves on (the time it has
 * already been on screen is taken off); later slides stay `autoplayMs`.
 */
export function createSwiper(
  el: HTMLElement,
  opts: {
    variant: CarouselVariant;
    autoplayMs: number;
    reduceMotion: boolean;
    firstDelayMs?: number;
  },
) {
  const autoplay = opts.autoplayMs > 0 && !opts.reduceMotion;
  const first = el.querySelector<HTMLElement>(".swiper-slide");
  // Swiper's autoplay reads a slide's own delay from data-swiper-autoplay, on every turn of that slide.
  if (autoplay && first && opts.firstDelayMs)
    first.dataset.swiperAutoplay = String(Math.round(opts.firstDelayMs));
  const swiper = new Swiper(el, {
    modules: autoplay ? [Autoplay] : [],
    ...LAYOUT[opts.variant],
    speed: opts.reduceMotion ? 0 : 600,
    rewind: autoplay,
    watchOverflow: true,
    grabCursor: true,
    watchSlidesProgress: true,
    autoplay: autoplay
      ? { delay: opts.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }
      : false,
  });
  if (first?.dataset.swiperAutoplay)
    swiper.once("slideChange", () => delete first.dataset.swiperAutoplay);
  return swiper;
}

export type SwiperInstance = ReturnType<typeof createSwiper>;
