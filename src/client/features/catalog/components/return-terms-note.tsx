import { returnWindowSentence } from '#common/return-terms.ts';
import { useSiteSettings } from '#client/lib/site-settings.ts';

/** The shop's return window and terms ("test drive") below add to cart; nothing when the shop takes no returns. */
export function ReturnTermsNote() {
  const settings = useSiteSettings().data;
  const sentence = settings ? returnWindowSentence(settings.returnWindowDays) : null;
  if (!sentence) return null;
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4 text-sm text-gray-700" data-testid="return-terms">
      <p className="font-medium text-gray-900">{sentence}</p>
      {settings!.returnConditions ? <p className="mt-1 whitespace-pre-line">{settings!.returnConditions}</p> : null}
    </div>
  );
}
