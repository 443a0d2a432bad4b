import { Lightbulb, Sprout } from "lucide-react";
import { FRAME } from "#web/components/ui/page-frame.tsx";
import { SUCCESS_STORIES, type SuccessStory } from "#web/features/home/success-stories.ts";

function StoryImage({ src, alt, caption }: { src: string; alt: string; caption: "Before" | "After" }) {
  return (
    <figure className="flex flex-col gap-1.5">
      {/* Explicit size reserves the space before the lazy image loads, so the page does not jump. */}
      <img
        src={src}
        alt={alt}
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] h-auto w-full rounded-box bg-base-200 object-cover"
      />
      <figcaption className="text-center text-sm font-semibold text-base-content/80">{caption}</figcaption>
    </figure>
  );
}

function StoryCard({ story }: { story: SuccessStory }) {
  const headingId = `story-${story.id}-title`;
  return (
    <article aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="grid grid-cols-2 gap-3">
          <StoryImage src={story.beforeImage} alt={story.beforeAlt} caption="Before" />
          <StoryImage src={story.afterImage} alt={story.afterAlt} caption="After" />
        </div>
        <div>
          <h3 id={headingId} className="card-title text-lg">
            {story.name}
          </h3>
          <p className="text-sm font-medium text-primary">{story.headline}</p>
        </div>
        <p className="text-base-content/80">{story.story}</p>
        <div className="mt-auto flex gap-3 rounded-box bg-base-200 p-4">
          <Lightbulb aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          <p className="text-sm">
            <span className="font-semibold">{story.name}’s tip: </span>
            {story.tip}
          </p>
        </div>
      </div>
    </article>
  );
}

/** Before-and-after transformations from members of the community, with the tip each one would pass on. */
export function SuccessStoriesSection({ stories = SUCCESS_STORIES }: { stories?: readonly SuccessStory[] }) {
  return (
    <section id="success-stories" aria-labelledby="success-stories-heading" className="bg-base-200">
      <div className={`${FRAME} py-16`}>
        <div className="mb-8">
          <h2 id="success-stories-heading" className="flex items-center gap-2 text-3xl font-bold">
            <Sprout aria-hidden="true" className="size-7 text-primary" />
            Success Stories
          </h2>
          <p className="mt-1 text-base-content/80">
            How members of our community turned unused space into growing space.
          </p>
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          {stories.map((story) => (
            <StoryCard key={story.id} story={story} />
          ))}
        </div>
      </div>
    </section>
  );
}
