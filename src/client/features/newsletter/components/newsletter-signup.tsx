import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { NEWSLETTER_CONSENT_TEXT } from '#common/newsletter.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { useSignUpNewsletter } from '../api/sign-up-newsletter.ts';

/**
 * The footer's newsletter sign-up: nothing is subscribed until the link e-mailed to the address is opened (decision 056).
 * @public loaded on first interaction by newsletter-box.tsx, an import knip does not follow
 */
export function NewsletterSignup({ handedOver }: { handedOver?: { email: string; focused: boolean } }) {
  const [email, setEmail] = useState(handedOver?.email ?? '');
  const input = useRef<HTMLInputElement>(null);
  // the plain form (newsletter-box.tsx) had the focus: this one takes it, so typing goes on here
  useEffect(() => {
    if (handedOver?.focused) input.current?.focus();
  }, [handedOver]);
  const signUp = useSignUpNewsletter();
  const inputId = useId();
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    signUp.mutate({ email });
  }

  if (signUp.isSuccess) {
    return (
      <p role="status" className="mt-4 max-w-sm text-sm">
        {signUp.data.message}
      </p>
    );
  }
  return (
    <form onSubmit={submit} className="mt-4 max-w-sm" aria-label="Newsletter">
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
          aria-invalid={signUp.isError || undefined}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          className="bg-white text-gray-900"
        />
        <Button type="submit" variant="secondary" disabled={signUp.isPending}>
          Sign up
        </Button>
      </div>
      <p id={hintId} className="mt-2 text-xs opacity-80">
        {NEWSLETTER_CONSENT_TEXT}
      </p>
      {signUp.isError && (
        <p role="alert" className="mt-2 text-sm font-semibold">
          {signUp.error.message}
        </p>
      )}
    </form>
  );
}
