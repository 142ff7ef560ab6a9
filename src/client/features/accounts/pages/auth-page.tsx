import { lazy, Suspense, useState } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useSiteSettings } from '#client/lib/site-settings.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { authPageTexts } from '../components/auth-texts.ts';
import { AuthTabs } from '../components/auth-tabs.tsx';
import { LoginForm } from '../components/login-form.tsx';

const perks = ['Faster checkout', 'Order history in one place', 'Secure account'];

// shown only on the Register tab and after "Forgot password?": their code is not part of the page's first load (decision 068)
const RegisterForm = lazy(() => import('../components/register-form.tsx').then((module) => ({ default: module.RegisterForm })));
const ForgotPasswordForm = lazy(() => import('../components/forgot-password-form.tsx').then((module) => ({ default: module.ForgotPasswordForm })));

/** Sign-in: Login and Register tabs, or the reset request; signed-in visitors are sent to / by the router. */
export default function AuthPage() {
  const [forgotPassword, setForgotPassword] = useState(false);
  const { data: settings } = useSiteSettings();
  const texts = authPageTexts(settings);
  const [tab, setTab] = useState('login');
  useDocumentTitle(texts.documentTitle, { exact: true });

  return (
    <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-10 sm:px-6 md:grid-cols-2 lg:px-8 lg:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            {tab === 'register' ? texts.registerTitle : texts.cardTitle}
          </CardTitle>
        </CardHeader>
        <CardContent>
          {forgotPassword ? (
            <Suspense fallback={<Spinner />}>
              <ForgotPasswordForm onBack={() => setForgotPassword(false)} />
            </Suspense>
          ) : (
            <AuthTabs
              defaultValue="login"
              onValueChange={setTab}
              tabs={[
                { value: 'login', label: 'Login', content: <LoginForm onForgotPassword={() => setForgotPassword(true)} /> },
                {
                  value: 'register',
                  label: 'Register',
                  content: (
                    <Suspense fallback={<Spinner />}>
                      <RegisterForm />
                    </Suspense>
                  ),
                },
              ]}
            />
          )}
        </CardContent>
      </Card>
      <section className="rounded-2xl bg-gradient-to-br from-primary-deep to-gray-900 p-8 text-white shadow-lg lg:p-12">
        <h2 className="text-3xl leading-tight font-extrabold lg:text-4xl">{texts.heroTitle}</h2>
        <p className="mt-4 text-lg opacity-90">{texts.heroDescription}</p>
        <ul className="mt-6 space-y-2">
          {perks.map((perk) => (
            <li key={perk} className="flex items-center gap-2">
              <CheckCircle2 className="h-5 w-5 text-yellow-300" aria-hidden="true" />
              {perk}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
