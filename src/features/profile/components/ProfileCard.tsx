// The frame of each small form of the profile (SSN, e-mail, password): a bordered form named by its heading, with an
// introduction under it.
import type { FormEvent, ReactNode } from 'react';

interface ProfileCardProps {
  /** The heading's id, which names the form (aria-labelledby). */
  titleId: string;
  title: ReactNode;
  intro: ReactNode;
  busy: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

export function ProfileCard({ titleId, title, intro, busy, onSubmit, children }: ProfileCardProps) {
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5 rounded-md border border-gray-300 p-4 sm:p-6" aria-busy={busy} aria-labelledby={titleId}>
      <h2 id={titleId} className="text-2xl font-bold text-gray-900">
        {title}
      </h2>
      <p className="text-gray-800">{intro}</p>
      {children}
    </form>
  );
}
