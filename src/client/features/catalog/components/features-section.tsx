import { Award, Headphones, Truck } from '#client/components/ui/icons.tsx';
import type { SiteSettings } from '#common/schemas/content.ts';
import { featureBlocks } from './feature-blocks.ts';

const icons = [Award, Headphones, Truck];

export function FeaturesSection({ settings }: { settings: SiteSettings | undefined }) {
  const { title, blocks } = featureBlocks(settings);
  return (
    <section aria-labelledby="features-title" className="bg-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <h2 id="features-title" className="text-center text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">
          {title}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {blocks.map(({ title: blockTitle, description }, index) => {
            const Icon = icons[index] ?? Award;
            return (
              <li key={blockTitle} className="rounded-lg border border-gray-100 bg-gray-50 p-6 text-center">
                <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-gray-900">{blockTitle}</h3>
                <p className="mt-2 text-sm text-gray-600">{description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
