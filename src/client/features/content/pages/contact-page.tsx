import type { ReactNode } from 'react';
import { Clock, ExternalLink, Mail, MapPin, Phone } from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useContactInfo } from '#client/lib/get-contact-info.ts';
import { socialLinks, telHref } from '../components/contact-links.ts';

function ContactItem({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 gap-4 rounded-lg border border-gray-200 bg-white p-5 shadow-sm">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground">{icon}</span>
      <div className="min-w-0">
        <h2 className="text-sm font-semibold tracking-wide text-gray-600 uppercase">{label}</h2>
        <div className="mt-1 wrap-anywhere text-gray-900">{children}</div>
      </div>
    </li>
  );
}

/** Contact: email, phone, address and hours; social links only when set. */
export default function ContactPage() {
  const { data: info, isLoading } = useContactInfo();
  useDocumentTitle('Contact Us');
  const social = socialLinks(info);
  const hasAny = Boolean(info && (info.email || info.phone || info.address || info.businessHours || social.length > 0));

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Contact Us</h1>
      <p className="mt-2 text-gray-600">Questions about gear, orders or shipping? We are happy to help.</p>
      {isLoading ? (
        <Spinner label="Loading contact information" />
      ) : !hasAny ? (
        <p className="mt-8 rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
          Contact information has not been set up yet.
        </p>
      ) : (
        <>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {info?.email ? (
              <ContactItem icon={<Mail className="h-5 w-5" aria-hidden="true" />} label="Email">
                <a href={`mailto:${info.email}`} className="inline-flex min-h-11 items-center text-link hover:underline">
                  {info.email}
                </a>
              </ContactItem>
            ) : null}
            {info?.phone ? (
              <ContactItem icon={<Phone className="h-5 w-5" aria-hidden="true" />} label="Phone">
                <a href={telHref(info.phone)} className="inline-flex min-h-11 items-center text-link hover:underline">
                  {info.phone}
                </a>
              </ContactItem>
            ) : null}
            {info?.address ? (
              <ContactItem icon={<MapPin className="h-5 w-5" aria-hidden="true" />} label="Address">
                <a
                  href={`https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(info.address)}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center text-link hover:underline"
                >
                  {info.address}
                </a>
              </ContactItem>
            ) : null}
            {info?.businessHours ? (
              <ContactItem icon={<Clock className="h-5 w-5" aria-hidden="true" />} label="Business Hours">
                <p className="whitespace-pre-line">{info.businessHours}</p>
              </ContactItem>
            ) : null}
          </ul>
          {social.length > 0 ? (
            <section aria-labelledby="follow-us" className="mt-10">
              <h2 id="follow-us" className="text-xl font-bold text-gray-900">
                Follow Us
              </h2>
              <ul className="mt-4 flex flex-wrap gap-3">
                {social.map((link) => (
                  <li key={link.network}>
                    <a
                      href={link.href}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="inline-flex min-h-11 items-center gap-2 rounded-full border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 shadow-sm hover:border-primary hover:text-link"
                    >
                      {link.label}
                      <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
