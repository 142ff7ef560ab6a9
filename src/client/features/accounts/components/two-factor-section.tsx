import { useEffect, useRef, useState } from 'react';
import type { RecoveryCodes, TwoFactorSetup } from '#common/schemas/two-factor.ts';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { serverFieldErrors } from '#client/lib/field-errors.ts';
import { useAdminSecurity, useSetAdminSecurity } from '../api/admin-security.ts';
import { useConfirmTwoFactor, useDisableTwoFactor, useStartTwoFactorSetup, useTwoFactorStatus } from '../api/two-factor-settings.ts';

const linkButton = 'justify-self-start text-sm font-medium text-link underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-primary';

/**
 * The profile's two-factor sign-in (staff): set-up with a QR code and the first code, the recovery codes shown
 * once, and turning it off with the password and a code. `#two-factor` brings it into view: an admin the shop
 * requires it of is sent here after signing in.
 */
export function TwoFactorSection({ required }: { required: boolean }) {
  const status = useTwoFactorStatus(true);
  const section = useRef<HTMLElement>(null);
  const [recovery, setRecovery] = useState<RecoveryCodes | null>(null);
  useEffect(() => {
    if (window.location.hash === '#two-factor') section.current?.scrollIntoView({ block: 'start' });
  }, []);

  return (
    <section ref={section} id="two-factor" aria-labelledby="two-factor-title" className="grid scroll-mt-24 content-start gap-4">
      <h3 id="two-factor-title" className="text-base font-semibold text-gray-900">
        Two-factor sign-in
      </h3>
      {required && status.data && !status.data.enabled ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          The shop requires two-factor sign-in for staff. Set it up to use the admin area.
        </p>
      ) : null}
      {recovery ? (
        <RecoveryCodesOnce codes={recovery.recoveryCodes} onDone={() => setRecovery(null)} />
      ) : status.isLoading ? (
        <p className="text-sm text-gray-600">Loading...</p>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {status.error.message}
        </p>
      ) : status.data?.enabled ? (
        <>
          <TwoFactorOn recoveryCodesLeft={status.data.recoveryCodesLeft} required={required} />
          <RequireForStaff />
        </>
      ) : (
        <TwoFactorSetUp onConfirmed={setRecovery} />
      )}
    </section>
  );
}

function TwoFactorSetUp({ onConfirmed }: { onConfirmed: (codes: RecoveryCodes) => void }) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = useState('');
  if (!start.data) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-gray-700">
          Sign in with a code from an authenticator app on your phone as well as your password, so a stolen password alone does not open the admin.
        </p>
        {start.error ? (
          <p role="alert" className="text-sm text-red-700">
            {start.error.message}
          </p>
        ) : null}
        <Button type="button" variant="outline" className="justify-self-start" disabled={start.isPending} onClick={() => start.mutate()}>
          {start.isPending ? 'Starting...' : 'Set up two-factor sign-in'}
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        confirm.mutate(code.trim(), { onSuccess: onConfirmed });
      }}
    >
      <QrCode setup={start.data} />
      <FormField label="Code from the app" error={confirm.error?.message}>
        <Input autoComplete="one-time-code" inputMode="numeric" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />
      </FormField>
      <Button type="submit" className="justify-self-start" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking...' : 'Turn on two-factor sign-in'}
      </Button>
    </form>
  );
}

/** The QR code as an image (the server's SVG, never put into the page as markup), and the secret to type in. */
function QrCode({ setup }: { setup: TwoFactorSetup }) {
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)] sm:items-center">
      <img src={src} alt="QR code for your authenticator app" width={160} height={160} className="rounded border border-gray-200 bg-white" />
      <div className="grid gap-1 text-sm text-gray-700">
        <p>Scan the code with your authenticator app, or enter this key in it:</p>
        <code data-testid="two-factor-secret" className="font-mono text-base tracking-wider break-all text-gray-900">
          {setup.secret}
        </code>
        <p>Then enter the 6-digit code the app shows.</p>
      </div>
    </div>
  );
}

function RecoveryCodesOnce({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-3">
      <h4 ref={heading} tabIndex={-1} className="text-sm font-semibold text-green-800">
        Two-factor sign-in is on. Save your recovery codes
      </h4>
      <p className="text-sm text-gray-700">
        Each code signs you in once if you lose your phone. They are shown only now: print them or keep them in a password manager.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-gray-50 p-3 font-mono text-sm whitespace-nowrap text-gray-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <Button type="button" variant="outline" className="justify-self-start" onClick={onDone}>
        I have saved these codes
      </Button>
    </div>
  );
}

function TwoFactorOn({ recoveryCodesLeft, required }: { recoveryCodesLeft: number; required: boolean }) {
  const disable = useDisableTwoFactor();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // the password check names its field currentPassword, as the profile's other forms
  const fields = serverFieldErrors(disable.error);
  const issues = { password: fields.currentPassword ?? fields.password, code: fields.code };
  const formError = disable.error && !issues.password && !issues.code ? disable.error.message : null;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700">
        <span className="font-semibold text-green-800">On.</span> {recoveryCodesLeft} of 10 recovery codes left.
      </p>
      {required ? (
        <p className="text-sm text-gray-600">The shop requires it for staff, so it stays on.</p>
      ) : open ? (
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            disable.mutate({ password, code: code.trim() });
          }}
        >
          <FormField label="Current password" error={issues.password}>
            <Input type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          </FormField>
          <FormField label="Code from the app or a recovery code" error={issues.code}>
            <Input autoComplete="one-time-code" spellCheck={false} value={code} onChange={(event) => setCode(event.target.value)} />
          </FormField>
          {formError ? (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" className="justify-self-start" disabled={disable.isPending}>
            {disable.isPending ? 'Turning off...' : 'Turn off two-factor sign-in'}
          </Button>
        </form>
      ) : (
        <button type="button" className={linkButton} onClick={() => setOpen(true)}>
          Turn off two-factor sign-in
        </button>
      )}
    </div>
  );
}

/** The shop's rule, beside the admin's own second factor (the server takes it only from an admin who has one). */
function RequireForStaff() {
  const settings = useAdminSecurity();
  const save = useSetAdminSecurity();
  if (!settings.data) return null;
  const checked = save.isPending ? (save.variables ?? settings.data.requireAdminTwoFactor) : settings.data.requireAdminTwoFactor;
  return (
    <div className="grid gap-1 border-t border-gray-200 pt-3">
      <label className="flex items-center gap-2 text-sm font-medium text-gray-900">
        <input
          type="checkbox"
          className="h-4 w-4 accent-primary"
          checked={checked}
          disabled={save.isPending}
          onChange={(event) => save.mutate(event.target.checked)}
        />
        Require two-factor sign-in for every admin
      </label>
      <p className="text-xs text-gray-600">Admins without it are sent to set it up and cannot use the admin area until they have.</p>
      {save.error ? (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      ) : null}
    </div>
  );
}
