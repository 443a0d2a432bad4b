import { ChevronLeft, ChevronRight } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { HydrationGate } from "#web/components/ui/hydration-gate.tsx";
import { useReducedMotion } from "#web/hooks/use-reduced-motion.ts";
import { BANNER_SLIDES, type BannerSlide, CAROUSEL } from "../banner-slides.ts";
import { useTypewriter } from "../use-typewriter.ts";

/**
 * The home banner, as the specification has it: three slides that loop, autoplay every 5 s without stopping
 * when someone clicks, pagination dots and arrows, and a typewriter title. With reduced motion there is
 * no autoplay and no typing.
 */
export function BannerCarousel() {
  const reducedMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  const [timerEpoch, setTimerEpoch] = useState(0);
  const count = BANNER_SLIDES.length;

  const goTo = useCallback((index: number) => {
    setActive(((index % BANNER_SLIDES.length) + BANNER_SLIDES.length) % BANNER_SLIDES.length);
    // A manual change restarts the 5 s countdown; autoplay goes on (it never stops on interaction).
    setTimerEpoch((n) => n + 1);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: timerEpoch restarts the countdown on purpose
  useEffect(() => {
    if (reducedMotion) return;
    const timer = setInterval(() => setActive((i) => (i + 1) % BANNER_SLIDES.length), CAROUSEL.autoplayMs);
    return () => clearInterval(timer);
  }, [reducedMotion, timerEpoch]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured events"
      className="relative overflow-hidden bg-neutral"
    >
      <div
        className={`flex ${reducedMotion ? "" : "transition-transform duration-700 ease-in-out"}`}
        style={{
          gap: CAROUSEL.spaceBetween,
          transform: `translateX(calc(${-active} * (100% + ${CAROUSEL.spaceBetween}px)))`,
        }}
        aria-live={reducedMotion ? "polite" : "off"}
      >
        {BANNER_SLIDES.map((slide, index) => (
          <Slide
            key={slide.id}
            slide={slide}
            index={index}
            count={count}
            active={index === active}
            animate={!reducedMotion}
          />
        ))}
      </div>

      <HydrationGate>
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-1/2 left-3 -translate-y-1/2 border-none bg-black/40 text-white hover:bg-black/60 md:btn-md"
          onClick={() => goTo(active - 1)}
          aria-label="Previous slide"
        >
          <ChevronLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-circle btn-sm absolute top-1/2 right-3 -translate-y-1/2 border-none bg-black/40 text-white hover:bg-black/60 md:btn-md"
          onClick={() => goTo(active + 1)}
          aria-label="Next slide"
        >
          <ChevronRight aria-hidden="true" />
        </button>
        {/* The dots sit on a dark pill of their own: whatever part of a picture lies under them (a dark
            seed tray, a pale sky), they keep the same contrast on every slide. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this names a set of buttons */}
        <div
          role="group"
          aria-label="Choose a slide"
          className="absolute bottom-4 left-1/2 flex -translate-x-1/2 gap-2 rounded-full bg-black/65 px-3 py-0.5 ring-1 ring-white/25"
        >
          {BANNER_SLIDES.map((slide, index) => (
            <button
              key={slide.id}
              type="button"
              onClick={() => goTo(index)}
              aria-label={`Go to slide ${index + 1}: ${slide.title}`}
              aria-current={index === active ? "true" : undefined}
              className="grid size-6 place-items-center"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${index === active ? "w-7 bg-white" : "w-2.5 bg-white/75"}`}
              />
            </button>
          ))}
        </div>
      </HydrationGate>
    </section>
  );
}

function Slide({
  slide,
  index,
  count,
  active,
  animate,
}: {
  slide: BannerSlide;
  index: number;
  count: number;
  active: boolean;
  animate: boolean;
}) {
  const typed = useTypewriter(slide.title, { typeMs: CAROUSEL.typeMs, enabled: animate && active });
  // The button's words (the specification's) and, where they say nothing alone, what they lead to.
  const label = (
    <>
      {slide.buttonText}
      {slide.buttonContext && <span className="sr-only"> {slide.buttonContext}</span>}
    </>
  );
  const button = slide.href.startsWith("#") ? (
    <a href={slide.href} className="btn btn-primary btn-lg">
      {label}
    </a>
  ) : (
    <Link to={slide.href} className="btn btn-primary btn-lg">
      {label}
    </Link>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern: a slide is a group, not a form fieldset
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}: ${slide.title}`}
      aria-hidden={!active}
      inert={!active}
      data-active={active}
      className="relative w-full shrink-0"
      style={{ minHeight: CAROUSEL.minHeight }}
    >
      <img
        src={slide.image}
        alt={slide.imageAlt}
        width={1600}
        height={700}
        loading={index === 0 ? "eager" : "lazy"}
        fetchPriority={index === 0 ? "high" : "auto"}
        className="absolute inset-0 h-full w-full object-cover"
      />
      <div
        className="relative flex h-full items-center bg-gradient-to-r from-black/80 via-black/55 to-black/10"
        style={{ minHeight: CAROUSEL.minHeight }}
      >
        <div className="mx-auto w-full max-w-7xl px-14 py-16 md:px-20">
          <div className="max-w-xl text-white">
            {/* What is seen (and the text) is the typed part and the cursor; assistive technology gets the
                whole title from the label instead of one letter at a time. */}
            {/* The full title, invisible, holds the space the typed one grows into (a CSS pseudo-element,
                so it is neither text nor read out): a title that wraps must not make the slide jump. */}
            <h2
              aria-label={slide.title}
              data-title={`${slide.title}_`}
              className="grid text-4xl leading-tight font-extrabold after:invisible after:col-start-1 after:row-start-1 after:content-[attr(data-title)] md:text-5xl"
            >
              <span data-testid="typed-title" className="col-start-1 row-start-1">
                {typed}
                {/* A new cursor for every letter (keyed by the length): the cursor that is there never moves, so
                    typing causes no layout shift (CLS 0, ADR 022); it blinks whenever the typing pauses. */}
                <span
                  key={typed.length}
                  aria-hidden="true"
                  className="ml-0.5 inline-block animate-blink font-light motion-reduce:animate-none"
                >
                  _
                </span>
              </span>
            </h2>
            <p className="mt-4 text-lg text-white/90">{slide.description}</p>
            <div className="mt-8">{button}</div>
          </div>
        </div>
      </div>
    </div>
  );
}
