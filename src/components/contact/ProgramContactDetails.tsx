// The program's e-mail and phone as links (mailto:, tel:), from GET /contact. Used wherever a page tells a person to
// write to the staff, so the sentence is never a dead end.
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { contactQueryOptions } from '#api/contact';
import { linkClass } from '#components/ui/Button';

/** tel: wants the digits (and a leading +) only. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

export function ProgramContactDetails({ className = '' }: { className?: string }) {
  const contact = useQuery(contactQueryOptions());
  if (contact.isPending) {
    return (
      <p role="status" className={`text-gray-800 ${className}`}>
        <FormattedMessage id="app.loading" />
      </p>
    );
  }
  // The text around this block still says to write to the staff; without the address there is nothing better to show.
  if (contact.isError) return null;
  return (
    <dl className={`grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr] ${className}`}>
      <dt className="font-semibold text-gray-900">
        <FormattedMessage id="app.contact.email" />
      </dt>
      <dd className="break-words">
        <a href={`mailto:${contact.data.email}`} className={linkClass}>
          {contact.data.email}
        </a>
      </dd>
      <dt className="font-semibold text-gray-900">
        <FormattedMessage id="app.contact.phone" />
      </dt>
      <dd>
        <a href={telHref(contact.data.phone)} className={linkClass}>
          {contact.data.phone}
        </a>
      </dd>
    </dl>
  );
}
