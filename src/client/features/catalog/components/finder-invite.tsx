import { Link } from 'wouter';
import { buttonClasses } from '#client/components/ui/button.tsx';

/** The home page's way into the paddle finder. */
export function FinderInvite() {
  return (
    <section aria-labelledby="finder-invite" className="border-y border-gray-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-8 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div>
          <h2 id="finder-invite" className="text-2xl font-bold tracking-tight text-gray-900">
            Not sure which paddle fits your game?
          </h2>
          <p className="mt-1 text-gray-700">Six quick questions: your level, singles or doubles, power or control, your arm, budget and weight.</p>
        </div>
        <Link href="/paddle-finder" className={buttonClasses('default', 'lg')}>
          Take the paddle finder
        </Link>
      </div>
    </section>
  );
}
