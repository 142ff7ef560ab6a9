import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { useVerifyTwoFactorLogin } from '../api/verify-two-factor-login.ts';

/** Sign-in's second step: the six-digit code from the authenticator app, or one of the recovery codes. */
export function TwoFactorLoginForm({ loginToken, onStartOver }: { loginToken: string; onStartOver: () => void }) {
  const verify = useVerifyTwoFactorLogin();
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  // the waiting sign-in ended (expired or used): only the password step can start another
  const expired = verify.error instanceof ApiError && verify.error.status === 401;
  const error = missing ? 'Code is required' : verify.error && !expired ? verify.error.message : undefined;
  return (
    <form
      noValidate
      className="grid gap-4"
      aria-labelledby="two-factor-login-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!code.trim()) return setMissing(true);
        setMissing(false);
        verify.mutate({ loginToken, code: code.trim() }, { onError: () => field.current?.focus() });
      }}
    >
      <h2 id="two-factor-login-title" className="text-lg font-semibold text-gray-900">
        Two-factor sign-in
      </h2>
      <p className="text-sm text-gray-700">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
      <FormField label="Code" error={error}>
        <Input ref={field} autoComplete="one-time-code" inputMode="text" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />
      </FormField>
      {expired ? (
        <p role="alert" className="text-sm text-red-700">
          {verify.error?.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending || expired}>
        {verify.isPending ? 'Checking...' : 'Verify'}
      </Button>
      <button
        type="button"
        className="justify-self-start text-sm font-medium text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        onClick={onStartOver}
      >
        Back to sign-in
      </button>
    </form>
  );
}
