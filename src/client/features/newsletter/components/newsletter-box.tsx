import { useId, useRef } from 'react';
import { NEWSLETTER_CONSENT_TEXT } from '#common/newsletter.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useLoadOnInteraction } from '#client/lib/use-load-on-interaction.ts';

const loadSignup = () => import('./newsletter-signup.tsx');

/**
 * The footer's newsletter form as the page first loads it: a plain form posting to /api/newsletter, which
 * answers a browser's form with a page. The sign-up's own code (its message in place, its errors beside the
 * field) is fetched on the first focus or press, not with the page; the address typed meanwhile is handed over.
 */
export function NewsletterBox() {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { loaded, start } = useLoadOnInteraction(loadSignup, () => ({
    email: input.current?.value ?? '',
    focused: input.current !== null && document.activeElement === input.current,
  }));

  if (loaded) return <loaded.module.NewsletterSignup handedOver={loaded.state} />;
  return (
    <form action="/api/newsletter" method="post" onFocus={start} onPointerDown={start} className="mt-4 max-w-sm" aria-label="Newsletter">
      <label htmlFor={inputId} className="text-sm font-semibold">
        Newsletter
      </label>
      <div className="mt-2 flex gap-2">
        <Input
          ref={input}
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          placeholder="you@example.com"
          aria-describedby={hintId}
          className="bg-white text-gray-900"
        />
        <Button type="submit" variant="secondary">
          Sign up
        </Button>
      </div>
      <p id={hintId} className="mt-2 text-xs opacity-80">
        {NEWSLETTER_CONSENT_TEXT}
      </p>
    </form>
  );
}
