import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { usePolicies } from '#client/lib/get-policies.ts';
import { policySections, returnsSection } from '../components/policy-sections.ts';

/** Policies. */
export default function PoliciesPage() {
  const { data: policies, isLoading } = usePolicies();
  useDocumentTitle('Our Policies');
  const returns = returnsSection(useSiteSettings().data);
  const sections = [...policySections(policies), ...(returns ? [returns] : [])];

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Our Policies</h1>
      {isLoading ? (
        <Spinner label="Loading policies" />
      ) : sections.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">No policies have been set up yet.</p>
      ) : (
        <div className="mt-8 space-y-6">
          {sections.map((section, index) => (
            <section key={index} className="rounded-lg border border-gray-200 bg-white p-6 break-words shadow-sm">
              {section.title ? <h2 className="text-xl font-bold text-gray-900">{section.title}</h2> : null}
              <div className="mt-3 space-y-3 leading-relaxed text-gray-700">
                {section.paragraphs.map((paragraph, paragraphIndex) => (
                  <p key={paragraphIndex}>{paragraph}</p>
                ))}
              </div>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
